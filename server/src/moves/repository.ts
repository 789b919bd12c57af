// A departure that will not run, moved to another date of its package in one step: it closes, each
// active booking is offered the new date with its party's seats held there, its waiting list is
// told; then each party accepts (the booking changes date), declines or lets the offer lapse (the
// booking is cancelled by the brand). docs/decisions/040-move-offers-hold-seats.md says how the held
// seats are counted.
//
// Locks, in the order every writer takes them (docs/decisions/011-waiting-list-and-changes.md):
// bookings, then departures in id order, then waiting-list entries.
import { randomUUID } from 'node:crypto';
import { moveDeclinedReason } from '#contracts/booking';
import { formatTripDate, plural } from '#contracts/format';
import { recordAudit, systemActor, type Actor } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import { giveSeatsBack, lockDepartureRows } from '../db/departure-seats.js';
import { insertRows } from '../db/sql.js';
import { emailData, toBooking } from '../bookings/booking-row.js';
import { changeBookingIn, type ChangeOutcome } from '../bookings/change.js';
import { changeBookingStatusIn, type StatusOutcome } from '../bookings/status.js';
import { enqueueEmails, type EmailJob, type MoveOfferEmailData } from '../mail/outbox.js';
import { endMoveOffer, findOpenMoveOffer, lockDepartures } from '../seats/move-offers.js';
import { unclaimedUserId } from '../bookings/claim.js';
import { hashGuestToken, moveLinkPath, newGuestToken } from '../guest-links/tokens.js';
import type { OfferContext } from '../seats/offer-freed-seats.js';
import type { Booking } from '#contracts/api';
import type { Language } from '#contracts/language';

export type MoveRequest = {
  departureId: string;
  toDepartureId: string;
  message?: string;
  dryRun?: boolean;
  actor: Actor;
  today: string;
  // The clock the offers' deadline is counted from (OfferContext.now) and the seats freed are offered by.
  offers: OfferContext;
  // MOVE_OFFER_HOURS.
  offerHours: number;
};

export type MoveOutcome =
  | { kind: 'not-found' }
  | { kind: 'invalid'; fieldErrors: { toDepartureId: string } }
  | { kind: 'conflict'; message: string }
  | { kind: 'no-seats'; message: string; seatsNeeded: number; seatsLeft: number }
  | {
      kind: 'moved' | 'preview';
      parties: number;
      travellers: number;
      expiresAt: string | null;
      waitingTold: number;
      // The first party's email (a preview), or null without any party.
      firstEmail: MoveOfferEmailData | null;
    };

// A new booking on the departure between reading its bookings and locking it: read again.
class BookingsChanged extends Error {}

export async function moveDeparture(db: Database, request: MoveRequest): Promise<MoveOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => moveIn(tx, request));
    } catch (error) {
      if (!(error instanceof BookingsChanged) || attempt >= 4) throw error;
    }
  }
}

const activeBookingIds = async (tx: Queryable, departureId: string) =>
  (
    await tx.query<{ id: string }>(
      `SELECT id FROM bookings WHERE departure_id = $1 AND status <> 'cancelled' ORDER BY id`,
      [departureId],
    )
  ).rows.map((r) => r.id);

async function moveIn(tx: Queryable, request: MoveRequest): Promise<MoveOutcome> {
  // The bookings first (their row locks, in id order), then both departures.
  const ids = await activeBookingIds(tx, request.departureId);
  const { rows: locked } = await tx.query<BookingRow>(
    `SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id = ANY($1::uuid[]) ORDER BY b.id FOR UPDATE OF b`,
    [ids],
  );
  const departures = await lockDepartureRows(tx, [request.departureId, request.toDepartureId]);
  const source = departures.find((d) => d.id === request.departureId);
  const target = departures.find((d) => d.id === request.toDepartureId);
  if (!source) return { kind: 'not-found' };
  // Under the departure's lock no booking can be added to it (every writer takes that lock first):
  // one that came in before is found here, and the whole move is read again.
  const now = await activeBookingIds(tx, request.departureId);
  const active = locked.filter((r) => r.status !== 'cancelled');
  if (now.length !== active.length || now.some((id, i) => id !== active[i]!.id)) throw new BookingsChanged();

  const invalid = (message: string): MoveOutcome => ({
    kind: 'invalid',
    fieldErrors: { toDepartureId: message },
  });
  if (request.toDepartureId === request.departureId)
    return invalid('Choose another date than the one that will not run.');
  if (!target) return invalid('This departure does not exist.');
  if (target.package_id !== source.package_id)
    return invalid('This departure belongs to another package: a move keeps the package.');
  if (target.starts_on <= request.today) return invalid('This date has already left. Choose a later one.');
  if (target.status !== 'open') return invalid('This date is closed. Reopen it first, or choose another.');
  if (source.starts_on <= request.today)
    return { kind: 'conflict', message: 'This departure has already left.' };
  if (locked.some((r) => r.status !== 'cancelled' && r.move_offer)) {
    return {
      kind: 'conflict',
      message:
        'The travellers of this departure already have an offer of another date: wait for their answers.',
    };
  }

  const travellers = active.reduce((sum, r) => sum + r.travellers, 0);
  const free = Math.max(0, target.capacity - target.seats_taken);
  if (travellers > free) {
    const more = travellers - free;
    return {
      kind: 'no-seats',
      message: `${formatTripDate(target.starts_on)} has ${plural(free, 'seat')} left, and the ${plural(active.length, 'party', 'parties')} on this departure need ${travellers}: ${plural(more, 'more seat')} needed. Add seats to that date or choose another.`,
      seatsNeeded: travellers,
      seatsLeft: free,
    };
  }

  // What each party pays once it accepts: the new date's price (its own, else the package's), but
  // never more than the booking's. The brand moved the date, so the party never pays for it.
  const targetCents =
    target.price_cents ??
    (
      await tx.query<{ price_cents: number }>('SELECT price_cents FROM packages WHERE id = $1', [
        target.package_id,
      ])
    ).rows[0]?.price_cents;
  const offeredCents = (row: BookingRow) =>
    targetCents === undefined ? row.price_cents : Math.min(row.price_cents, targetCents);

  const expiresAt = new Date(request.offers.now.getTime() + request.offerHours * 3_600_000).toISOString();
  const message = request.message?.replace(/\r\n?/g, '\n').trim() || null;
  const packageName = request.offers.packageName(source.package_id);
  // A party without an account (a booking staff entered, not claimed yet) answers through a
  // personal link: the token goes into its email only, its hash into the offer.
  const tokens = new Map(
    request.dryRun ? [] : active.filter((r) => r.user_id === unclaimedUserId).map((r) => [r.id, newGuestToken()]),
  );
  const offerEmail = (booking: Booking, row: BookingRow): MoveOfferEmailData => {
    const token = tokens.get(row.id);
    return {
      ...emailData(booking),
      newStartsOn: target.starts_on,
      offerExpiresAt: expiresAt,
      message,
      newPrice: offeredCents(row) / 100,
      ...(token ? { answerPath: moveLinkPath(token) } : {}),
    };
  };
  const bookings = active.map(toBooking);
  if (request.dryRun) {
    const { rows: waiting } = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM waitlist_entries WHERE departure_id = $1 AND status IN ('waiting', 'offered')`,
      [source.id],
    );
    return {
      kind: 'preview',
      parties: active.length,
      travellers,
      expiresAt: null,
      waitingTold: waiting[0]!.n,
      firstEmail: bookings[0] ? offerEmail(bookings[0], active[0]!) : null,
    };
  }

  // The departure closes; its bookings stay on it (active) until each party answers.
  await tx.query(`UPDATE departures SET status = 'closed', updated_at = now() WHERE id = $1`, [source.id]);
  const offers = active.map((r) => ({ id: randomUUID(), row: r }));
  await insertRows(
    tx,
    'move_offers',
    [
      'id',
      'booking_id',
      'from_departure_id',
      'to_departure_id',
      'travellers',
      'message',
      'expires_at',
      'created_at',
      'updated_at',
      'price_cents',
      'answer_token_hash',
    ],
    offers.map(({ id, row }) => [
      id,
      row.id,
      source.id,
      target.id,
      row.travellers,
      message,
      expiresAt,
      request.offers.now.toISOString(),
      request.offers.now.toISOString(),
      offeredCents(row),
      tokens.has(row.id) ? hashGuestToken(tokens.get(row.id)!) : null,
    ]),
  );
  // The held seats count as taken on the new date (the CHECK on departures is the backstop).
  if (travellers > 0) {
    await tx.query(`UPDATE departures SET seats_taken = seats_taken + $2, updated_at = now() WHERE id = $1`, [
      target.id,
      travellers,
    ]);
  }

  // Its waiting list: every live entry closes (an offered one gives its held seats back here).
  const { rows: told } = await tx.query<{
    id: string;
    travellers: number;
    user_email: string;
    was: string;
    language: Language;
  }>(
    `WITH live AS (
       SELECT id, status FROM waitlist_entries
        WHERE departure_id = $1 AND status IN ('waiting', 'offered') ORDER BY position FOR UPDATE
     )
     UPDATE waitlist_entries w SET status = 'closed', updated_at = now() FROM live
      WHERE w.id = live.id
     RETURNING w.id, w.travellers, w.user_email, live.status AS was, w.language`,
    [source.id],
  );
  const heldByOffers = told.filter((e) => e.was === 'offered').reduce((sum, e) => sum + e.travellers, 0);
  if (heldByOffers > 0) {
    await giveSeatsBack(tx, source.id, heldByOffers);
  }

  await recordAudit(tx, [
    {
      actor: request.actor,
      action: 'departure.moved',
      departureId: source.id,
      from: `${source.status}, ${source.starts_on}`,
      to: `closed; ${plural(active.length, 'party', 'parties')} offered ${target.starts_on}`,
      reason: moveDeclinedReason,
    },
    ...offers.map(({ row }) => ({
      actor: request.actor,
      action: 'booking.move-offered' as const,
      bookingId: row.id,
      departureId: target.id,
      from: source.starts_on,
      to: `${target.starts_on}, held until ${expiresAt}`,
    })),
    ...told.map((e) => ({
      actor: request.actor,
      action: 'waitlist.closed' as const,
      departureId: source.id,
      waitlistEntryId: e.id,
      from: `${e.was}, ${plural(e.travellers, 'traveller')}`,
      to: 'closed: the date will not run',
    })),
  ]);
  const jobs: EmailJob[] = [
    // To the account that booked (one without an email gets none), as every booking email.
    ...bookings
      .map((b, i) => ({ b, to: active[i]!.account_email }))
      .filter(({ to }) => !!to)
      .map(({ b, to }, i) => ({
        bookingId: b.id,
        kind: 'move-offered' as const,
        to: to!,
        data: offerEmail(b, active.find((r) => r.id === b.id) ?? active[i]!),
      })),
    ...told
      .filter((e) => e.user_email.trim() !== '')
      .map((e) => ({
        bookingId: null,
        kind: 'waitlist-not-running' as const,
        to: e.user_email,
        data: {
          packageName,
          startsOn: source.starts_on,
          travellers: e.travellers,
          // Written in the entry's language (migration 67); English when absent.
          ...(e.language !== 'en' ? { language: e.language } : {}),
        },
      })),
  ];
  await enqueueEmails(tx, jobs);
  return {
    kind: 'moved',
    parties: active.length,
    travellers,
    expiresAt,
    waitingTold: told.length,
    firstEmail: null,
  };
}

export type AnswerRequest = {
  bookingId: string;
  // The traveller answering for their own booking (anyone else's is not found); unset: staff in
  // the console, or the party through its personal link (the caller found the booking by it).
  ownerId?: string;
  actor: Actor;
  today: string;
  offers: OfferContext;
  maxHeldSeats: number;
  operationsEmail?: string;
};

export type AnswerOutcome =
  { kind: 'answered'; booking: Booking } | { kind: 'not-found' } | { kind: 'conflict'; message: string };

export const noMoveOfferMessage = 'This booking has no offer of another date to answer.';
export const lapsedMessage =
  'This offer has expired, so the booking was cancelled and its seats released. Please contact us or book another date.';

// Rolls back an accept that the change refused after the offer's seats were released.
class ChangeRefused extends Error {
  constructor(readonly outcome: ChangeOutcome) {
    super('change refused');
  }
}

// Locks the booking (the owner's only, when an owner answers: anyone else's is not found) and
// reads its open offer.
async function lockOwnBooking(tx: Queryable, bookingId: string, ownerId: string | undefined) {
  const { rows } = await tx.query<{ user_id: string; price_cents: number }>(
    'SELECT user_id, price_cents FROM bookings WHERE id = $1 FOR UPDATE',
    [bookingId],
  );
  if (!rows[0] || (ownerId !== undefined && rows[0].user_id !== ownerId)) return undefined;
  return { offer: await findOpenMoveOffer(tx, bookingId), priceCents: rows[0].price_cents };
}

// The offer's seats become the booking's on the new date, through the one change path
// (server/src/bookings/change.ts: price, guests, audit row, "Your booking has changed" with the new
// calendar file); the details are kept. Past its deadline (no process lapsed it yet) it lapses now.
export async function acceptMove(db: Database, request: AnswerRequest): Promise<AnswerOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const own = await lockOwnBooking(tx, request.bookingId, request.ownerId);
      if (!own) return { kind: 'not-found' };
      const { offer } = own;
      if (!offer) return { kind: 'conflict', message: noMoveOfferMessage };
      await lockDepartures(tx, [offer.from_departure_id, offer.to_departure_id]);
      if (new Date(offer.expires_at).getTime() <= request.offers.now.getTime()) {
        await lapse(tx, request.bookingId, offer, request.offers);
        return { kind: 'conflict', message: lapsedMessage };
      }
      await endMoveOffer(tx, offer, 'accepted', request.actor, request.offers);
      const outcome = await changeBookingIn(tx, {
        bookingId: request.bookingId,
        change: { departureId: offer.to_departure_id },
        actor: request.actor,
        ownerId: request.ownerId,
        today: request.today,
        offers: request.offers,
        maxHeldSeats: request.maxHeldSeats,
        operationsEmail: request.operationsEmail,
        acceptingMove: true,
        // The offer's price, never above the booking's (an offer made before migration 57 has none).
        priceCents: Math.min(offer.price_cents ?? own.priceCents, own.priceCents),
      });
      if (outcome.kind !== 'changed') throw new ChangeRefused(outcome);
      return { kind: 'answered', booking: outcome.booking };
    });
  } catch (error) {
    if (!(error instanceof ChangeRefused)) throw error;
    const { outcome } = error;
    return {
      kind: 'conflict',
      message:
        'message' in outcome
          ? outcome.message
          : 'The booking could not be moved to the new date. Please contact us.',
    };
  }
}

// Cancelled by the brand ("The departure did not run"): seats back on both dates, waiting lists
// offered, the cancellation email; the trail says the traveller declined.
export function declineMove(db: Database, request: AnswerRequest): Promise<AnswerOutcome> {
  return db.transaction(async (tx) => {
    const own = await lockOwnBooking(tx, request.bookingId, request.ownerId);
    if (!own) return { kind: 'not-found' };
    if (!own.offer) return { kind: 'conflict', message: noMoveOfferMessage };
    const outcome = await cancelForMove(tx, request.bookingId, 'declined', request.actor, request.offers);
    if (outcome.kind !== 'changed') return { kind: 'conflict', message: noMoveOfferMessage };
    return { kind: 'answered', booking: outcome.booking };
  });
}

const cancelForMove = (
  tx: Queryable,
  bookingId: string,
  end: 'declined' | 'expired',
  actor: Actor,
  offers: OfferContext,
): Promise<StatusOutcome> =>
  changeBookingStatusIn(tx, {
    bookingId,
    to: 'cancelled',
    actor: systemActor,
    reason: moveDeclinedReason,
    offers,
    moveOfferEnd: end,
    moveOfferActor: actor,
  });

async function lapse(
  tx: Queryable,
  bookingId: string,
  offer: NonNullable<Awaited<ReturnType<typeof findOpenMoveOffer>>>,
  offers: OfferContext,
) {
  const outcome = await cancelForMove(tx, bookingId, 'expired', systemActor, offers);
  // A booking no longer active cannot hold an open offer, but should one: end it all the same.
  if (outcome.kind !== 'changed') await endMoveOffer(tx, offer, 'expired', systemActor, offers);
}

// Lapses every move offer whose deadline passed: the booking is cancelled as if declined. Any
// number of processes may run this at once: each offer's booking is taken with SKIP LOCKED (one
// being answered or lapsed elsewhere is left to that transaction) and the offer ends with a
// conditional update (endMoveOffer), so each lapses exactly once. Returns the offers lapsed.
export async function expireMoveOffers(
  db: Database,
  offers: () => OfferContext,
  limit = 100,
): Promise<number> {
  const { rows: due } = await db.query<{ booking_id: string }>(
    `SELECT booking_id FROM move_offers WHERE status = 'open' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [offers().now.toISOString(), limit],
  );
  let lapsed = 0;
  for (const { booking_id } of due) {
    lapsed += await db.transaction(async (tx) => {
      const ctx = offers();
      const { rows } = await tx.query('SELECT id FROM bookings WHERE id = $1 FOR UPDATE SKIP LOCKED', [
        booking_id,
      ]);
      if (rows.length === 0) return 0;
      const offer = await findOpenMoveOffer(tx, booking_id);
      if (!offer || new Date(offer.expires_at).getTime() > ctx.now.getTime()) return 0;
      await lockDepartures(tx, [offer.from_departure_id, offer.to_departure_id]);
      await lapse(tx, booking_id, offer, ctx);
      return 1;
    });
  }
  return lapsed;
}

// A party's personal link (/moves/{token}): the booking whose offer it answers, with what the
// page shows. Only an open offer's link opens; an answered or lapsed one reads as its booking is.
export type MoveLinkView = {
  bookingId: string;
  reference: string;
  packageName: string;
  startsOn: string | null;
  newStartsOn: string;
  expiresAt: string;
  travellers: number;
  // Per person, whole dollars: as booked, and once accepted (never more).
  price: number;
  newPrice: number;
  // open: waiting for the answer; otherwise how it ended.
  state: 'open' | 'accepted' | 'declined' | 'expired' | 'withdrawn';
};

export async function readMoveLink(db: Queryable, token: string): Promise<MoveLinkView | undefined> {
  const { rows } = await db.query<{
    booking_id: string;
    reference: string;
    package_name: string;
    starts_on: string | null;
    new_starts_on: string;
    expires_at: Date | string;
    travellers: number;
    price_cents: number;
    offer_cents: number | null;
    status: MoveLinkView['state'];
  }>(
    `SELECT m.booking_id, b.reference, b.package_name, to_char(f.starts_on, 'YYYY-MM-DD') AS starts_on,
       to_char(t.starts_on, 'YYYY-MM-DD') AS new_starts_on, m.expires_at, m.travellers, b.price_cents,
       m.price_cents AS offer_cents, m.status
       FROM move_offers m JOIN bookings b ON b.id = m.booking_id
       JOIN departures t ON t.id = m.to_departure_id JOIN departures f ON f.id = m.from_departure_id
      WHERE m.answer_token_hash = $1`,
    [hashGuestToken(token)],
  );
  const r = rows[0];
  if (!r) return undefined;
  // Accepted, the booking's price is already the offer's: the lower of the two either way.
  const booked = r.price_cents;
  return {
    bookingId: r.booking_id,
    reference: r.reference,
    packageName: r.package_name,
    startsOn: r.starts_on,
    newStartsOn: r.new_starts_on,
    expiresAt: new Date(r.expires_at).toISOString(),
    travellers: r.travellers,
    price: booked / 100,
    newPrice: Math.min(r.offer_cents ?? booked, booked) / 100,
    state: r.status,
  };
}
