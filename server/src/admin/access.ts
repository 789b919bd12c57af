// Who may call which staff route: the one table of permissions, and the one hook that enforces it
// (docs/decisions/029-staff-roles.md). The hook runs as preValidation on every route registered
// inside adminRoutes (./routes.ts), after the token check, so a caller learns nothing from how
// their request would have been read.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { roleOf, type StaffRole } from '#contracts/roles';
import type { Queryable } from '../db/database.js';
import { problem, signInCheckUnavailable } from '../http/problem.js';
import type { StaffDirectory } from '../auth/staff-directory.js';

// What a guide may reach on a route that names a departure or a booking: only those of the
// departures they are assigned to.
type GuideScope = 'departure' | 'booking';
export type RouteAccess = { roles: readonly StaffRole[]; guideScope?: GuideScope };

const console: RouteAccess = { roles: ['owner', 'operator'] };
const ownersOnly: RouteAccess = { roles: ['owner'] };

// "METHOD /route/:params" as Fastify registers it. A route not listed is for owners and operators:
// a new console route can never be opened to guides (or anyone else) by being forgotten here.
// HEAD is answered by its GET route (Fastify adds one for each GET) and has that route's
// permission: the entry is the route's, whatever the method it is asked with
// (route-permissions.test.ts walks every route, method and role).
export const routeAccess: Record<string, RouteAccess> = {
  'GET /api/admin/departures/:id/manifest': {
    roles: ['owner', 'operator', 'guide'],
    guideScope: 'departure',
  },
  'GET /api/admin/departures/:id/manifest.csv': {
    roles: ['owner', 'operator', 'guide'],
    guideScope: 'departure',
  },
  'POST /api/admin/bookings/:id/guests/:index/check-in': {
    roles: ['owner', 'operator', 'guide'],
    guideScope: 'booking',
  },
  'GET /api/guide/departures': { roles: ['guide'] },
  'GET /api/admin/staff': ownersOnly,
  'PUT /api/admin/staff': ownersOnly,
  'DELETE /api/admin/staff/:uid': ownersOnly,
};

const routeMethod = (method: string) => (method === 'HEAD' ? 'GET' : method);

export const accessOf = (method: string, url: string): RouteAccess =>
  routeAccess[`${routeMethod(method)} ${url}`] ?? console;

export const staffOnlyMessage = 'This page is for Wayfarer Tours staff only.';
export const notYoursMessage = 'This departure is not one of yours.';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Whether the guide is assigned to the departure the route names (or the booking's departure).
async function guideMayReach(db: Queryable, uid: string, scope: GuideScope, id: string | undefined) {
  // An id that is not one names nothing of theirs; the route's own 404 is for staff who may look.
  if (!id || !uuid.test(id)) return false;
  const sql =
    scope === 'departure'
      ? 'SELECT 1 FROM departure_guides WHERE departure_id = $1 AND uid = $2'
      : `SELECT 1 FROM bookings b JOIN departure_guides g ON g.departure_id = b.departure_id
         WHERE b.id = $1 AND g.uid = $2`;
  const { rows } = await db.query(sql, [id, uid]);
  return rows.length > 0;
}

// After authenticate: the caller's role against the route's entry in the table; a guide also
// against the departures assigned to them. The browser's idea of a role only decides which links
// it shows; this is the check that counts.
export function roleGuard(db: Queryable) {
  return async function requireRole(request: FastifyRequest, reply: FastifyReply) {
    if (!request.user) return problem(reply, 401, 'Please log in.');
    const role = roleOf(request.user.role);
    const access = accessOf(request.method, request.routeOptions.url ?? '');
    if (!role || !access.roles.includes(role)) return problem(reply, 403, staffOnlyMessage);
    if (role === 'guide' && access.guideScope) {
      const id = (request.params as Record<string, string | undefined>).id;
      if (!(await guideMayReach(db, request.user.uid, access.guideScope, id))) {
        return problem(reply, 403, notYoursMessage);
      }
    }
  };
}

// After roleGuard, for a staff write (any method but GET and HEAD): the role is read again from
// the identity provider, so an operator demoted or removed a moment ago writes nothing, even
// with a token this process still trusts (TOKEN_CACHE_SECONDS). Reads keep the token's role for
// that time; a write is rare enough to cost one call.
export function freshRoleGuard(directory: StaffDirectory | undefined) {
  return async function requireCurrentRole(request: FastifyRequest, reply: FastifyReply) {
    if (!directory || request.method === 'GET' || request.method === 'HEAD' || !request.user) return;
    let claim: StaffRole | null;
    try {
      claim = (await directory.getAccounts([request.user.uid]))[0]?.role ?? null;
    } catch (error) {
      request.log.error({ err: error }, 'role check failed');
      return signInCheckUnavailable(reply);
    }
    const access = accessOf(request.method, request.routeOptions.url ?? '');
    if (!claim || !access.roles.includes(claim)) return problem(reply, 403, staffOnlyMessage);
    request.user = { ...request.user, role: claim };
  };
}
