import type { FastifyInstance } from 'fastify';
import { roleOf } from '#contracts/roles';
import { authenticator } from '../auth/authenticate.js';
import type { AppContext } from '../context/app-context.js';
import { freshRoleGuard, roleGuard } from './access.js';
import { adminBookingsRoutes, type AdminBookingsContext } from './bookings-routes.js';
import { adminDeparturesRoutes, type AdminDeparturesContext } from './departures-routes.js';
import { moveRoutes, type MoveRoutesContext } from './move-routes.js';
import { guideRoutes, type GuideRoutesContext } from './guide-routes.js';
import { lastSeenRoutes } from './last-seen-routes.js';
import { adminGuestsRoutes, type AdminGuestsContext } from './guests-routes.js';
import { newBookingRoutes, type NewBookingContext } from './new-booking.js';
import { noteStaffRole, staffRoutes } from './staff.js';
import { adminCatalogueRoutes } from '../catalog/routes.js';
import { overviewRoutes } from '../overview/routes.js';
import { adminPaymentRoutes, type AdminPaymentContext } from './money-routes.js';
import { moneyRoutes, type MoneyContext } from './money-routes.js';

// The staff's API (/api/admin/* and /api/guide/*). The token and the role are checked once here,
// as hooks of this plugin's scope, so no route under it can be added without them: 401 without a
// valid token, 403 for a role the route's entry in ./access.ts does not list. Both run before the
// request is read (preValidation), so nobody learns anything from how a request would have been
// refused.
// What the staff's API reads of the app's context: what its plugins read, and the token check.
export type AdminContext = Pick<
  AppContext,
  'db' | 'verifyToken' | 'catalogue' | 'staffDirectory' | 'writeLimit'
> &
  AdminBookingsContext &
  NewBookingContext &
  AdminDeparturesContext &
  MoveRoutesContext &
  AdminGuestsContext &
  GuideRoutesContext &
  AdminPaymentContext &
  MoneyContext;

export async function adminRoutes(app: FastifyInstance, options: AdminContext) {
  app.addHook(
    'preValidation',
    authenticator(options.verifyToken, 'Please log in with a Wayfarer Tours staff account.'),
  );
  app.addHook('preValidation', roleGuard(options.db));
  app.addHook('preValidation', freshRoleGuard(options.staffDirectory));
  // The staff index (./staff.ts) learns of a role the first time this process sees it used: the
  // first owner, granted from the terminal, is listed from their first call.
  const noted = new Set<string>();
  app.addHook('preHandler', async (request) => {
    const user = request.user!;
    const role = roleOf(user.role);
    const key = `${user.uid}\u0000${role}`;
    if (!role || noted.has(key)) return;
    await noteStaffRole(options.db, user.uid, user.email ?? null, role).catch((error: unknown) =>
      request.log.warn({ err: error }, 'staff index not updated'),
    );
    noted.add(key);
  });
  await app.register(adminBookingsRoutes, options);
  await app.register(newBookingRoutes, options);
  await app.register(adminDeparturesRoutes, options);
  await app.register(moveRoutes, options);
  await app.register(lastSeenRoutes, options);
  await app.register(adminGuestsRoutes, options);
  await app.register(guideRoutes, options);
  await app.register(staffRoutes, options);
  await app.register(overviewRoutes, options);
  await app.register(adminPaymentRoutes, options);
  await app.register(moneyRoutes, options);
  if (options.catalogue)
    await app.register(adminCatalogueRoutes, {
      db: options.db,
      catalogue: options.catalogue,
      writeLimit: options.writeLimit,
    });
}
