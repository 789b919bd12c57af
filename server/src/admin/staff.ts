// The team (owners only, ./access.ts): who has a role, granting, changing and removing one. The
// Firebase claim is the truth; the staff table is its index, written with the change's audit row
// (staff_events) in one transaction; the claim is set and the account's tokens revoked inside
// that transaction, so a refused change (the last owner) never touches the account
// (docs/decisions/029-staff-roles.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as z from 'zod/mini';
import { roleOf, type StaffRole } from '#contracts/roles';
import {
  askToSignUpMessage,
  confirmAddressFirstMessage,
  guideListSchema,
  staffGrantSchema,
  staffListSchema,
  staffMemberSchema,
  type StaffMember,
} from '#contracts/staff';
import type { Database, Queryable } from '../db/database.js';
import type { AppContext } from '../context/app-context.js';
import { consoleSchema, errors, jsonBodyErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { consoleRead, noStore } from '../http/route-parts.js';
import { fromDatabase, problem } from '../http/problem.js';
import type { StaffAccount, StaffDirectory } from '../auth/staff-directory.js';

export const lastOwnerMessage =
  'The last owner cannot be removed or demoted: make someone else an owner first.';

// An arbitrary constant: changes to the team take turns, so two owners demoting each other at
// the same moment cannot leave the brand with none.
const staffLock = 7_260_416;

// Keeps the index in step with a claim the server saw (a verified token of a staff member, or the
// directory's answer): the first owner, granted from the terminal, appears in the list once they
// use the console.
export async function noteStaffRole(
  db: Queryable,
  uid: string,
  email: string | null,
  role: StaffRole | null,
) {
  if (role === null) {
    await db.query('DELETE FROM staff WHERE uid = $1', [uid]);
    return;
  }
  await db.query(
    `INSERT INTO staff (uid, email, role) VALUES ($1, $2, $3)
     ON CONFLICT (uid) DO UPDATE SET email = excluded.email, role = excluded.role, updated_at = now()
     WHERE staff.role IS DISTINCT FROM excluded.role OR staff.email IS DISTINCT FROM excluded.email`,
    [uid, email, role],
  );
}

type Change = { actor: string; account: StaffAccount; to: StaffRole | null };

// One transaction: the lock, the last-owner rule, the index, the audit row, then the claim and
// the revocation (if Firebase fails, nothing is stored).
async function changeRole(db: Database, directory: StaffDirectory, change: Change) {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [staffLock]);
    const { account, to } = change;
    if (account.role === 'owner' && to !== 'owner') {
      // The other owners as the index lists them, each confirmed by their claim: one whose role
      // was taken away elsewhere (the terminal, a deleted account) does not count, and the index
      // is put right. An owner the index has never seen is not counted either: refused, safely.
      const { rows } = await tx.query<{ uid: string }>(
        `SELECT uid FROM staff WHERE role = 'owner' AND uid <> $1`,
        [account.uid],
      );
      const others = await directory.getAccounts(rows.map((r) => r.uid));
      const found = new Set(others.map((a) => a.uid));
      for (const r of rows) if (!found.has(r.uid)) await noteStaffRole(tx, r.uid, null, null);
      for (const other of others) {
        if (other.role !== 'owner') await noteStaffRole(tx, other.uid, other.email, other.role);
      }
      if (!others.some((a) => a.role === 'owner')) return 'last-owner' as const;
    }
    await noteStaffRole(tx, account.uid, account.email, to);
    await tx.query(
      'INSERT INTO staff_events (actor, staff_uid, from_role, to_role) VALUES ($1, $2, $3, $4)',
      [change.actor, account.uid, account.role, to],
    );
    await directory.setRole(account.uid, to);
    return 'changed' as const;
  });
}

const byRoleThenEmail = (a: StaffMember, b: StaffMember) =>
  a.role.localeCompare(b.role) || (a.email ?? '').localeCompare(b.email ?? '');

const actorOf = (request: FastifyRequest) => request.user!.email ?? request.user!.uid;

export async function staffRoutes(app: FastifyInstance, options: Pick<AppContext, 'db' | 'staffDirectory'>) {
  const { db } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const directory = () => {
    if (!options.staffDirectory) throw new Error('No staff directory configured');
    return options.staffDirectory;
  };
  const member = (a: StaffAccount): StaffMember => ({
    uid: a.uid,
    email: a.email,
    role: a.role!,
    lastSignInAt: a.lastSignInAt,
  });
  // The caller counts for the last-owner rule: noted with the role their token carries (the
  // guard let them in for it), never one they do not hold.
  const noteCaller = (request: FastifyRequest) =>
    fromDatabase(() =>
      noteStaffRole(db, request.user!.uid, request.user!.email ?? null, roleOf(request.user!.role)),
    );

  api.get(
    '/api/admin/staff',
    {
      schema: consoleSchema({
        summary: 'The team: every account with a role (owners only)',
        response: { 200: staffListSchema },
      }),
    },
    async (request, reply) => {
      await noteCaller(request);
      const { rows } = await fromDatabase(() => db.query<{ uid: string }>('SELECT uid FROM staff'));
      const accounts = await directory().getAccounts(rows.map((r) => r.uid));
      // A claim changed elsewhere (the terminal, a deleted account) is put right in the index.
      const found = new Set(accounts.map((a) => a.uid));
      for (const r of rows) {
        if (!found.has(r.uid)) await fromDatabase(() => noteStaffRole(db, r.uid, null, null));
      }
      for (const a of accounts) await fromDatabase(() => noteStaffRole(db, a.uid, a.email, a.role));
      const staff = accounts
        .filter((a) => a.role !== null)
        .map(member)
        .sort(byRoleThenEmail);
      return noStore(reply).send({ staff });
    },
  );

  // Operators assign guides to departures: whom they can choose (the index, no Firebase call).
  consoleRead(
    app,
    '/api/admin/guides',
    { summary: 'The accounts with the guide role, to assign to departures', answer: guideListSchema },
    async () => {
      const { rows } = await db.query<{ uid: string; email: string | null }>(
        `SELECT uid, email FROM staff WHERE role = 'guide' ORDER BY email, uid`,
      );
      return { guides: rows };
    },
  );

  api.put(
    '/api/admin/staff',
    {
      bodyLimit: 1024,
      schema: consoleSchema({
        summary: 'Give an account a role, or change it (owners only)',
        description:
          'The account must exist (404 "Ask them to create an account first") and its address be confirmed (409 "Ask them to confirm their email address first"). The role claim is set and the account’s tokens revoked: the old role ends within TOKEN_CACHE_SECONDS. Demoting the last owner: 409.',
        body: staffGrantSchema,
        response: {
          200: staffMemberSchema,
          ...errors.notFound,
          ...errors.conflict,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const { email, role } = request.body;
      const account = await directory().findByEmail(email);
      if (!account) return problem(reply, 404, askToSignUpMessage);
      if (!account.emailVerified && account.role !== role) {
        return problem(reply, 409, confirmAddressFirstMessage);
      }
      noStore(reply);
      if (account.role === role) {
        await fromDatabase(() => noteStaffRole(db, account.uid, account.email, role));
        return reply.send(member(account));
      }
      await noteCaller(request);
      const outcome = await fromDatabase(() =>
        changeRole(db, directory(), { actor: actorOf(request), account, to: role }),
      );
      if (outcome === 'last-owner') return problem(reply, 409, lastOwnerMessage);
      return reply.send(member({ ...account, role }));
    },
  );

  api.delete(
    '/api/admin/staff/:uid',
    {
      schema: consoleSchema({
        summary: 'Take an account’s role away (owners only)',
        params: z.object({
          uid: z
            .string()
            .check(z.minLength(1), z.maxLength(128), z.regex(/^[\x21-\x7e]+$/, 'No such staff member.')),
        }),
        response: {
          200: z.object({ uid: z.string() }),
          ...errors.notFound,
          ...errors.conflict,
        },
      }),
    },
    async (request, reply) => {
      const [account] = await directory().getAccounts([request.params.uid]);
      if (!account || account.role === null) return problem(reply, 404, 'No such staff member.');
      await noteCaller(request);
      const outcome = await fromDatabase(() =>
        changeRole(db, directory(), { actor: actorOf(request), account, to: null }),
      );
      if (outcome === 'last-owner') return problem(reply, 409, lastOwnerMessage);
      return noStore(reply).send({ uid: account.uid });
    },
  );
}
