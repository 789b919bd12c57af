// Reminders before the trip (through the outbox): "Your trip is coming up" to confirmed bookings
// TRIP_REMINDER_DAYS before the departure, and "Traveller details needed" to active bookings whose
// details are incomplete DETAILS_REMINDER_DAYS before. Every server process runs the scheduler;
// each reminder still goes out once per booking and kind, because the right to send it is a row
// in `reminders` (primary key booking_id, kind) inserted with ON CONFLICT DO NOTHING in the same
// transaction as its outbox row: a second process's insert waits for the first one's commit and
// then inserts nothing, so it queues nothing. A flag read first and written after would let both
// read "not sent".
import { systemActor } from '../audit/audit.js';
import { emailData, toBooking } from '../bookings/booking-row.js';
import type { Selectable } from 'kysely';
import {
  bookingColumns,
  bookingsFrom,
  type BookingRow,
  type BookingsTable,
  type GuestLinksTable,
} from '../db/schema.js';
import type { Database, Queryable } from '../db/database.js';
import { addDays, todayIso } from '#contracts/iso-dates';
import { defaultDetailsCutoffDays } from '#contracts/guests';
import { enqueueEmails, type EmailJob } from '../mail/outbox.js';
import { recordAudit, type AuditEntry } from '../audit/audit.js';
import { guestCompleteFor } from '#contracts/guests';
import { editableUntil, issueGuestLink, storedLeadName } from '../guest-links/repository.js';
import type { OutageLogger } from '../outage-log.js';
import { startDatabaseJob, type Periodic } from '../periodic.js';

export type ReminderKind = 'trip' | 'details';

// A booking whose travellers' details are not complete (contracts/guests.ts, detailsComplete):
// a guest without a full name, a date of birth or an emergency contact (migration 4's table).
// (A required question of the package left unanswered counts as missing too.)
export const guestDetailsIncomplete = `EXISTS (SELECT 1 FROM booking_guests g WHERE g.booking_id = b.id
  AND (g.full_name = '' OR g.date_of_birth IS NULL OR g.emergency_name = '' OR g.emergency_phone = ''
    OR EXISTS (SELECT 1 FROM packages p, jsonb_array_elements(p.questions) q
      WHERE p.id = b.package_id AND (q->>'required')::boolean
        AND coalesce(g.answers->>(q->>'id'), '') = '')))`;

export type ReminderSettings = {
  // Days before the departure each kind is due (TRIP_REMINDER_DAYS, DETAILS_REMINDER_DAYS).
  tripDays: number;
  detailsDays: number;
  // DETAILS_CUTOFF_DAYS: inside it details can no longer be changed online, so asking for them
  // would send the traveller to a page that refuses them (default 2, as the server's).
  detailsCutoffDays?: number;
  // Which bookings still miss travellers' details; null while the site keeps no such details, so
  // no "details needed" reminder is sent.
  detailsIncomplete?: string | null;
};

// Bookings reminded per kind and run: a backlog (the first start after an outage) goes out over
// a few runs instead of in one long transaction.
const batchSize = 200;

// The SQL condition (on `b`, `d`) for the bookings due a reminder of `kind` on `today`: the
// departure is on or after $1 (the day after today; for details, the first day they can still be
// changed online) and at most `days` away (never earlier: a booking for a date further off
// waits), the booking is in the right state and not reminded yet. A booking made or confirmed
// inside the window matches at the next run.
function dueCondition(kind: ReminderKind, settings: ReminderSettings) {
  // Emails about a booking go to the account that made it (an account without one gets none).
  const base = `b.account_email IS NOT NULL AND d.starts_on >= $1::date AND d.starts_on <= $2::date
    AND NOT EXISTS (SELECT 1 FROM reminders r WHERE r.booking_id = b.id AND r.kind = '${kind}')`;
  if (kind === 'trip') return `b.status = 'confirmed' AND ${base}`;
  return `b.status IN ('requested', 'confirmed') AND ${base} AND (${settings.detailsIncomplete})`;
}

const earliestDue = (kind: ReminderKind, today: string, settings: ReminderSettings) =>
  addDays(today, kind === 'trip' ? 1 : Math.max(1, settings.detailsCutoffDays ?? defaultDetailsCutoffDays));

// A claimed batch's emails and one audit row per reminder (which email, never the address), in
// the claim's transaction; answers how many were sent.
async function sendReminders(
  tx: Queryable,
  jobs: EmailJob[],
  sent: Array<Pick<AuditEntry, 'bookingId' | 'departureId' | 'to'>>,
): Promise<number> {
  await enqueueEmails(tx, jobs);
  await recordAudit(
    tx,
    sent.map((entry) => ({ actor: systemActor, action: 'booking.reminder' as const, ...entry })),
  );
  return sent.length;
}

async function remindKind(
  db: Database,
  kind: ReminderKind,
  today: string,
  settings: ReminderSettings,
): Promise<number> {
  const days = kind === 'trip' ? settings.tripDays : settings.detailsDays;
  return db.transaction(async (tx: Queryable) => {
    // The bookings' row locks: a cancellation in flight holds its booking's lock, so that booking
    // is skipped now and, cancelled, never matches again (SKIP LOCKED, not a wait: another
    // process reminding the same bookings is not waited for either; its claim decides).
    const { rows } = await tx.query<BookingRow>(
      `SELECT ${bookingColumns} FROM ${bookingsFrom}
       WHERE ${dueCondition(kind, settings)}
       ORDER BY d.starts_on, b.id LIMIT ${batchSize}
       FOR UPDATE OF b SKIP LOCKED`,
      [earliestDue(kind, today, settings), addDays(today, days)],
    );
    if (rows.length === 0) return 0;
    // The claim: only the rows this transaction inserted are ours to send.
    const claimed = await tx.query<{ booking_id: string }>(
      `INSERT INTO reminders (booking_id, kind)
       SELECT id, $2 FROM unnest($1::uuid[]) AS id
       ON CONFLICT (booking_id, kind) DO NOTHING
       RETURNING booking_id`,
      [rows.map((r) => r.id), kind],
    );
    const ours = new Set(claimed.rows.map((r) => r.booking_id));
    const send = rows.filter((r) => ours.has(r.id));
    if (send.length === 0) return 0;
    const jobs: EmailJob[] = send.map((row) => ({
      bookingId: row.id,
      kind: kind === 'trip' ? 'trip-reminder' : 'details-reminder',
      to: row.account_email!,
      data: emailData(toBooking(row), kind === 'details' ? { missing: stillMissing(row) } : {}),
    }));
    return sendReminders(
      tx,
      jobs,
      send.map((row) => ({
        bookingId: row.id,
        departureId: row.departure_id ?? undefined,
        to: kind === 'trip' ? 'Your trip is coming up' : 'Traveller details needed',
      })),
    );
  });
}

// The lead's reminder names who still misses details, and whether they were sent their own link.
const stillMissing = (row: BookingRow) => {
  // The package's required questions count as details too (contracts/guests.ts).
  const complete = guestCompleteFor(row.questions ?? []);
  return row.guests.flatMap((g, i) =>
    complete(g)
      ? []
      : [`${g.fullName || `Traveller ${i + 1}`}${i === 0 ? ' (you)' : g.invited ? ' (invited)' : ''}`],
  );
};

// An invitation is its own first reminder: a traveller is reminded only after this many days
// without their details, so an invitation sent inside the window is not replaced (its link
// stopped) by a reminder minutes later.
export const guestQuietDays = 3;

type GuestDueRow = Pick<Selectable<GuestLinksTable>, 'booking_id' | 'position' | 'email' | 'lead_name'> &
  Pick<Selectable<BookingsTable>, 'package_name'> & {
    // Never null here: the query joins the departure.
    departure_id: string;
    starts_on: string;
  };

// "Traveller details needed" to each invited traveller whose own details are missing, with their
// link, once per traveller across processes: the right to send is a row in guest_reminders
// (primary key booking_id, position, kind), claimed as `reminders` is above. The token is stored
// only hashed, so the reminder issues a fresh link, which replaces the invitation's
// (docs/decisions/030-guest-links.md). Due in the same window as the lead's reminder.
async function remindGuests(db: Database, today: string, settings: ReminderSettings): Promise<number> {
  const cutoffDays = settings.detailsCutoffDays ?? defaultDetailsCutoffDays;
  return db.transaction(async (tx: Queryable) => {
    const { rows } = await tx.query<GuestDueRow>(
      `SELECT l.booking_id, l.position, l.email, l.lead_name, b.package_name, b.departure_id,
         to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on
       FROM guest_links l
       JOIN bookings b ON b.id = l.booking_id
       JOIN departures d ON d.id = b.departure_id
       JOIN booking_guests g ON g.booking_id = l.booking_id AND g.position = l.position
       WHERE b.status IN ('requested', 'confirmed')
         AND d.starts_on >= $1::date AND d.starts_on <= $2::date
         AND l.invited_at < now() - interval '${guestQuietDays} days'
         AND (g.full_name = '' OR g.date_of_birth IS NULL OR g.emergency_name = '' OR g.emergency_phone = '')
         AND NOT EXISTS (SELECT 1 FROM guest_reminders r
           WHERE r.booking_id = l.booking_id AND r.position = l.position AND r.kind = 'details')
       ORDER BY d.starts_on, l.booking_id, l.position LIMIT ${batchSize}
       FOR UPDATE OF b SKIP LOCKED`,
      [earliestDue('details', today, settings), addDays(today, settings.detailsDays)],
    );
    if (rows.length === 0) return 0;
    const claimed = await tx.query<{ booking_id: string; position: number }>(
      `INSERT INTO guest_reminders (booking_id, position, kind)
       SELECT v.booking_id, v.position, 'details' FROM unnest($1::uuid[], $2::int[]) AS v(booking_id, position)
       ON CONFLICT (booking_id, position, kind) DO NOTHING
       RETURNING booking_id, position`,
      [rows.map((r) => r.booking_id), rows.map((r) => r.position)],
    );
    const ours = new Set(claimed.rows.map((r) => `${r.booking_id}:${r.position}`));
    const send = rows.filter((r) => ours.has(`${r.booking_id}:${r.position}`));
    if (send.length === 0) return 0;
    const jobs: EmailJob[] = [];
    for (const row of send) {
      const linkPath = await issueGuestLink(tx, {
        bookingId: row.booking_id,
        position: row.position,
        email: row.email,
      });
      jobs.push({
        bookingId: row.booking_id,
        kind: 'guest-details-reminder',
        to: row.email,
        data: {
          packageName: row.package_name,
          startsOn: row.starts_on,
          // The invitation's sender, never the booking's free text (server/src/guest-links/lead-name.ts).
          leadName: storedLeadName(row.lead_name),
          editableUntil: editableUntil(row.starts_on, cutoffDays),
          linkPath,
        },
      });
    }
    return sendReminders(
      tx,
      jobs,
      send.map((row) => ({
        bookingId: row.booking_id,
        departureId: row.departure_id,
        to: `Traveller details needed (traveller ${row.position + 1}, a new personal link)`,
      })),
    );
  });
}

// One pass: every due reminder of both kinds queued. Returns how many of each.
export async function runReminders(
  db: Database,
  today: string,
  settings: ReminderSettings,
): Promise<Record<ReminderKind, number>> {
  const sent = { trip: 0, details: 0 };
  for (;;) {
    const n = await remindKind(db, 'trip', today, settings);
    sent.trip += n;
    if (n < batchSize) break;
  }
  if (settings.detailsIncomplete) {
    for (;;) {
      const n = await remindKind(db, 'details', today, settings);
      sent.details += n;
      if (n < batchSize) break;
    }
    // Each invited traveller's own reminder, counted with the details reminders.
    for (;;) {
      const n = await remindGuests(db, today, settings);
      sent.details += n;
      if (n < batchSize) break;
    }
  }
  return sent;
}

export type ReminderScheduler = Periodic<Record<ReminderKind, number>>;

// Runs at start and every `intervalMs` (server/src/periodic.ts). `now` is the clock (tests inject
// one): reminders are due by the calendar day in UTC, like every departure date.
export function startReminderScheduler(options: {
  db: Database;
  settings: ReminderSettings;
  intervalMs: number;
  log: OutageLogger;
  now?: () => Date;
  // After a run that queued emails: the outbox worker sends them now.
  onQueued?: () => void;
}): ReminderScheduler {
  const now = options.now ?? (() => new Date());
  return startDatabaseJob(() => runReminders(options.db, todayIso('UTC', now()), options.settings), {
    intervalMs: options.intervalMs,
    log: options.log,
    worked: (sent) => sent.trip + sent.details > 0,
    describe: (sent) => `reminders queued: ${sent.trip} trip, ${sent.details} details`,
    afterWork: () => options.onQueued?.(),
    failed: 'reminders: could not look for due reminders',
    recovered: 'reminders: database answers again',
  });
}
