// Bookings made by staff (server/src/admin/new-booking.ts) belong to no account: their user_id is
// this marker until a signed-in user whose verified email is the booking's email is seen. Then
// they become that account's, once: one statement moves them and writes their audit rows, and a
// booking already moved no longer matches, whichever process looks at the same moment
// (docs/decisions/029-staff-roles.md).
import type { Booking } from '#contracts/api';
import { prepared, type Database, type Queryable } from '../db/database.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import { toBooking } from './booking-row.js';
import { listBookings } from './repository.js';
import type { TokenVerifier, VerifiedUser } from '../auth/verified-user.js';

// No Firebase uid starts with '!' (the console's accounts are made by sign-up).
export const unclaimedUserId = '!unclaimed';

// An address as claims compare it: ASCII letters lower-cased, every other character exactly as
// it is. PostgreSQL's lower() folds by the database's locale (a Kelvin sign K becomes a k), so an
// account whose address only looks like the booking's would claim it; translate() and this
// function change A-Z alone (docs/decisions/062-claims-match-ascii-lower-case.md).
export const asciiLower = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
// The SQL of the same rule, for a column (the index of migration 55 is on this expression).
export const asciiLowerSql = (column: string) => `translate(${column}, '${upper}', '${upper.toLowerCase()}')`;

// $1 the user's uid, $2 their verified email, $4 that email ASCII-lower-cased.
const claimCtes = `claimed AS (
    UPDATE bookings SET user_id = $1, account_email = $2, updated_at = now()
    WHERE user_id = '${unclaimedUserId}' AND ${asciiLowerSql('email')} = $4
    RETURNING id, departure_id
  ),
  audited AS (
    INSERT INTO audit_events (booking_id, departure_id, actor_type, actor, action)
    SELECT id, departure_id, 'traveller', $2, 'booking.claimed' FROM claimed
    RETURNING booking_id
  )`;

const claimSql = `WITH ${claimCtes.replaceAll('$4', '$3')} SELECT booking_id FROM audited`;

// My bookings with the claim in the same statement: one round trip instead of two, which under
// twenty clients was a fifth of the answer's time (npm run bench:data). The statement's own
// snapshot does not see what its claim changed, so the claimed bookings are selected by id: as
// they were, which in the traveller's view (toBooking) is as they now are. Nor does it see a
// claim another process committed while this one waited for the row: `raced` says the snapshot
// held an unclaimed booking for this address that this claim did not take, and the list is read
// again (the other claim has committed by then: this UPDATE waited for it). The one-row `flag`
// carries `raced` even when the user has no booking. Prepared: planned once per connection, where
// planning it afresh cost PostgreSQL about as much as running it (npm run bench:data).
const listClaimingSql = prepared(
  'my-bookings-claiming',
  `WITH ${claimCtes},
  flag AS (
    SELECT EXISTS (
      SELECT 1 FROM bookings WHERE user_id = '${unclaimedUserId}' AND ${asciiLowerSql('email')} = $4
        AND id NOT IN (SELECT id FROM claimed)
    ) AS raced
  )
  SELECT flag.raced, mine.* FROM flag LEFT JOIN (
    (SELECT ${bookingColumns} FROM ${bookingsFrom}
      WHERE b.user_id = $1 ORDER BY b.created_at DESC, b.id DESC LIMIT $3)
    UNION ALL
    SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id IN (SELECT id FROM claimed)
  ) mine ON true ORDER BY mine.created_at DESC, mine.id DESC LIMIT $3`,
);

// How many bookings the user claimed now (0 almost always: the partial index answers at once).
// Only an address the identity provider verified claims anything.
const mayClaim = (user: VerifiedUser): user is VerifiedUser & { email: string } =>
  !!user.email && user.emailVerified === true;

export async function claimStaffBookings(db: Queryable, user: VerifiedUser): Promise<number> {
  if (!mayClaim(user)) return 0;
  const { rows } = await db.query(claimSql, [user.uid, user.email, asciiLower(user.email)]);
  return rows.length;
}

// The user's bookings, newest first, after claiming what staff made for their verified email.
export async function listBookingsClaiming(
  db: Queryable,
  user: VerifiedUser,
  limit = 100,
): Promise<Booking[]> {
  if (!mayClaim(user)) return listBookings(db, user.uid, limit);
  const { rows } = await db.query<BookingRow & { raced: boolean }>(listClaimingSql, [
    user.uid,
    user.email,
    limit,
    asciiLower(user.email),
  ]);
  if (rows[0]?.raced) return listBookings(db, user.uid, limit);
  // No booking: the flag's row alone, its booking columns null.
  return rows.filter((row) => row.id !== null).map(toBooking);
}

// The token check, claiming on every token it verifies afresh (a token this process already
// trusts was looked at when it was first seen; GET /api/bookings looks every time). A failed
// claim never fails the request: the next fresh token or My bookings tries again.
export function claimingVerifier(verify: TokenVerifier, db: Database, onError: (error: unknown) => void) {
  const check: TokenVerifier = async (idToken) => {
    const known = verify.known?.(idToken) ?? false;
    const user = await verify(idToken);
    if (!known) await claimStaffBookings(db, user).catch(onError);
    return user;
  };
  if (verify.known) check.known = verify.known;
  if (verify.emailVerifiedNow) check.emailVerifiedNow = verify.emailVerifiedNow;
  return check;
}

export const withStaffBookingClaims = <T extends { db: Database; verifyToken: TokenVerifier }>(
  options: T,
): T => ({
  ...options,
  // A failure is the database's; the request it rides on goes ahead as it would have.
  verifyToken: claimingVerifier(options.verifyToken, options.db, () => {}),
});
