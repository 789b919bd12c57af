// Each traveller fills in their own details: the lead's invitation (a personal link by email) and
// what the link reads and saves. Every change is one transaction under the booking's row lock,
// with its audit row (which traveller, never the address or the values) and its outbox email.
// A link reaches one guest row and nothing else of the booking: its answers carry the trip, the
// lead's name and that one traveller's details.
import type { GuestLink, GuestQuestionTranslation } from '#contracts/guest-links';
import { interpolate, msg } from '#contracts/i18n';
import { checkAnswers, type AnswerQuestion } from '#contracts/answers';
import {
  checkGuest,
  detailsEditable,
  guestCompleteFor,
  type Guest,
  type GuestsFieldErrors,
} from '#contracts/guests';
import { addDays, daysBetween } from '#contracts/iso-dates';
import { recordAudit, type Actor } from '../audit/audit.js';
import type { Database, Queryable } from '../db/database.js';
import type { Selectable } from 'kysely';
import { bookingColumns, bookingsFrom, type BookingRow, type GuestLinksTable } from '../db/schema.js';
import { enqueueEmails } from '../mail/outbox.js';
import { describeGuestChanges, detailsCutoffMessage } from '../guests/repository.js';
import { lockBooking, lockOwnBooking } from '../bookings/lock-booking.js';
import { guestLinkPath, hashGuestToken, newGuestToken } from './tokens.js';
import { leadNameFallback } from './lead-name.js';

// The last day the details can be changed online: DETAILS_CUTOFF_DAYS before the departure.
export const editableUntil = (startsOn: string | null, cutoffDays: number) =>
  startsOn ? addDays(startsOn, -cutoffDays) : null;

const cancelledMessage = msg("This booking is cancelled: its travellers' details can no longer be changed.");

// Why the details of this booking cannot be changed now, or null when they can.
const closedReason = (row: BookingRow, today: string, cutoffDays: number) => {
  if (row.status === 'cancelled') return cancelledMessage;
  if (row.starts_on && !detailsEditable(daysBetween(today, row.starts_on), cutoffDays)) {
    return detailsCutoffMessage(cutoffDays);
  }
  return null;
};

// A new personal link for one guest, replacing the one before (its hash is overwritten, so the
// old link names nothing). Returns the link's path for the email; the token is kept nowhere else.
// `leadName`: who the invitation is from (./lead-name.ts), kept with the link for its page and
// reminders; a reminder (without one) keeps the invitation's.
export async function issueGuestLink(
  tx: Queryable,
  link: { bookingId: string; position: number; email: string; leadName?: string },
): Promise<string> {
  const token = newGuestToken();
  await tx.query(
    `INSERT INTO guest_links (booking_id, position, token_hash, email, lead_name)
     VALUES ($1, $2, $3, $4, coalesce($5, ''))
     ON CONFLICT (booking_id, position)
     DO UPDATE SET token_hash = excluded.token_hash, email = excluded.email, invited_at = now(),
       lead_name = coalesce($5, guest_links.lead_name)`,
    [link.bookingId, link.position, hashGuestToken(token), link.email, link.leadName ?? null],
  );
  return guestLinkPath(token);
}

// A link stored before invitations carried the account's name has none: the neutral phrase.
export const storedLeadName = (stored: string | null | undefined) => stored || leadNameFallback;

// An arbitrary constant: one account's invitations take turns, so two at once cannot both pass
// the count.
const inviteLock = 7_260_417;

export type InviteOutcome =
  | { kind: 'invited'; complete: boolean }
  | { kind: 'not-found'; message: string }
  | { kind: 'conflict'; message: string }
  | { kind: 'too-many'; message: string };

export type Invite = {
  bookingId: string;
  ownerId: string;
  // 1 for the second traveller: the lead (0) fills in their own.
  index: number;
  email: string;
  // The account's display name (./lead-name.ts): who the email says it is from.
  leadName: string;
  // At most this many invitations per account a day, across all its bookings (INVITES_PER_DAY).
  perDay: number;
  actor: Actor;
  today: string;
  cutoffDays: number;
};

// POST /api/bookings/{id}/guests/{index}/invite
export function inviteGuest(db: Database, invite: Invite): Promise<InviteOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockOwnBooking(tx, invite.bookingId, invite.ownerId);
    if (!row) return { kind: 'not-found', message: 'No such booking.' };
    if (invite.index >= row.travellers) {
      return {
        kind: 'not-found',
        // Marked with its numbers as placeholders, a text per form: a Spanish page reads it so (`known`).
        message: interpolate(
          row.travellers === 1
            ? msg('This booking has 1 traveller: there is no traveller {position}.')
            : msg('This booking has {count} travellers: there is no traveller {position}.'),
          { count: row.travellers, position: invite.index + 1 },
        ),
      };
    }
    const closed = closedReason(row, invite.today, invite.cutoffDays);
    if (closed) return { kind: 'conflict', message: closed };
    // At most one invitation a traveller a day, counted per booking (the audit rows are the count,
    // read under the booking's lock, so two invitations at once cannot both pass).
    const sent = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events
       WHERE booking_id = $1 AND action = 'guest.invited' AND at > now() - interval '1 day'`,
      [row.id],
    );
    if ((sent.rows[0]?.n ?? 0) >= row.travellers) {
      return {
        kind: 'too-many',
        message: interpolate(
          row.travellers === 1
            ? msg('This booking has sent 1 invitation today, as many as it may. Please try again tomorrow.')
            : msg(
                'This booking has sent {count} invitations today, as many as it may. Please try again tomorrow.',
              ),
          { count: row.travellers },
        ),
      };
    }
    // And at most `perDay` per account across all its bookings, cancelled ones included, so that
    // booking, inviting, cancelling and booking again sends no more (the account's invitations
    // take turns under its own lock).
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [inviteLock, invite.ownerId]);
    const byAccount = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_events a JOIN bookings b ON b.id = a.booking_id
       WHERE b.user_id = $1 AND a.action = 'guest.invited' AND a.at > now() - interval '1 day'`,
      [invite.ownerId],
    );
    if ((byAccount.rows[0]?.n ?? 0) >= invite.perDay) {
      return {
        kind: 'too-many',
        message: interpolate(
          invite.perDay === 1
            ? msg('Your account has sent 1 invitation today, as many as it may. Please try again tomorrow.')
            : msg(
                'Your account has sent {count} invitations today, as many as it may. Please try again tomorrow.',
              ),
          { count: invite.perDay },
        ),
      };
    }
    const linkPath = await issueGuestLink(tx, {
      bookingId: row.id,
      position: invite.index,
      email: invite.email,
      leadName: invite.leadName,
    });
    await enqueueEmails(tx, [
      {
        bookingId: row.id,
        kind: 'guest-invite',
        to: invite.email,
        data: {
          packageName: row.package_name,
          startsOn: row.starts_on,
          leadName: invite.leadName,
          editableUntil: editableUntil(row.starts_on, invite.cutoffDays),
          ...(row.language !== 'en' ? { language: row.language } : {}),
          linkPath,
        },
      },
    ]);
    await recordAudit(tx, [
      {
        actor: invite.actor,
        action: 'guest.invited',
        bookingId: row.id,
        departureId: row.departure_id ?? undefined,
        to: `traveller ${invite.index + 1}: invited to fill in their details`,
      },
    ]);
    return { kind: 'invited', complete: guestCompleteFor(row.questions ?? [])(row.guests[invite.index]!) };
  });
}

type LinkRow = Pick<Selectable<GuestLinksTable>, 'booking_id' | 'position' | 'lead_name'>;

const findLink = async (q: Queryable, token: string) =>
  (
    await q.query<LinkRow>('SELECT booking_id, position, lead_name FROM guest_links WHERE token_hash = $1', [
      hashGuestToken(token),
    ])
  ).rows[0];

// The one guest's details as the link shows them, with their own answers: no check-in, no other
// traveller.
const ownGuest = (g: Guest): Guest => ({
  fullName: g.fullName,
  dateOfBirth: g.dateOfBirth,
  dietary: g.dietary,
  medical: g.medical,
  emergencyName: g.emergencyName,
  emergencyPhone: g.emergencyPhone,
  answers: g.answers ?? {},
});

// The package's questions as the link asks them (whether an answer is sensitive is the brand's
// business, not the form's).
const linkQuestions = (questions: readonly AnswerQuestion[]) =>
  questions.map((q) => ({
    id: q.id,
    label: q.label,
    kind: q.kind,
    choices: q.choices,
    required: q.required,
  }));

// The package's questions as the console translated them (migration 68), for the link's page in
// the traveller's language: only those with a text, and nothing when none has one, so a link to an
// untranslated package answers as it always did.
type QuestionTranslations = GuestLink['translations'];
async function questionTranslations(q: Queryable, packageId: string): Promise<QuestionTranslations> {
  const found = await q.query<{ questions: GuestQuestionTranslation[] | null }>(
    `SELECT translations->'es'->'questions' AS questions FROM packages WHERE id = $1`,
    [packageId],
  );
  const questions = (found.rows[0]?.questions ?? []).filter(
    (t) => t.label.trim() !== '' || t.choices.some((c) => c.trim() !== ''),
  );
  return questions.length > 0
    ? { es: { questions: questions.map(({ id, label, choices }) => ({ id, label, choices })) } }
    : undefined;
}

const linkView = (
  row: BookingRow,
  link: LinkRow,
  cutoffDays: number,
  translations: QuestionTranslations,
): GuestLink => {
  const { position } = link;
  const guest = ownGuest(row.guests[position]!);
  const questions = row.questions ?? [];
  return {
    packageName: row.package_name,
    startsOn: row.starts_on,
    leadName: storedLeadName(link.lead_name),
    editableUntil: editableUntil(row.starts_on, cutoffDays),
    position,
    questions: linkQuestions(questions),
    ...(translations ? { translations } : {}),
    guest,
    // Every required question answered too (contracts/guests.ts).
    complete: guestCompleteFor(questions)(guest),
  };
};

export const unknownLinkMessage = msg(
  'This link does not work: it may have been replaced by a newer one. Ask the person who booked the trip to send you a new link.',
);

export type LinkOutcome =
  | { kind: 'found' | 'saved' | 'unchanged'; link: GuestLink }
  | { kind: 'not-found' }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string; fieldErrors?: GuestsFieldErrors };

// GET /api/guest-links/{token}
export async function readGuestLink(
  db: Database,
  { token, today, cutoffDays }: { token: string; today: string; cutoffDays: number },
): Promise<LinkOutcome> {
  const link = await findLink(db, token);
  if (!link) return { kind: 'not-found' };
  const row = (
    await db.query<BookingRow>(`SELECT ${bookingColumns} FROM ${bookingsFrom} WHERE b.id = $1`, [
      link.booking_id,
    ])
  ).rows[0];
  if (!row || !row.guests[link.position]) return { kind: 'not-found' };
  const closed = closedReason(row, today, cutoffDays);
  if (closed) return { kind: 'conflict', message: closed };
  const translations = await questionTranslations(db, row.package_id);
  return { kind: 'found', link: linkView(row, link, cutoffDays, translations) };
}

// PUT /api/guest-links/{token}: the traveller's own details, with the rules of the lead's form
// (contracts/guests.ts); errors keyed guest.{field}.
export function saveGuestLink(
  db: Database,
  { token, body, today, cutoffDays }: { token: string; body: unknown; today: string; cutoffDays: number },
): Promise<LinkOutcome> {
  return db.transaction(async (tx) => {
    const found = await findLink(tx, token);
    if (!found) return { kind: 'not-found' };
    const row = await lockBooking(tx, found.booking_id);
    // The link read before the lock: a new invitation committed meanwhile replaced it.
    const link = await findLink(tx, token);
    if (!row || !link || link.position !== found.position || !row.guests[link.position]) {
      return { kind: 'not-found' };
    }
    const closed = closedReason(row, today, cutoffDays);
    if (closed) return { kind: 'conflict', message: closed };
    const input = (body as { guest?: unknown }).guest;
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return { kind: 'invalid', message: 'Send your details as an object: {"guest": {...}}.' };
    }
    const { guest, errors } = checkGuest(input as Record<string, unknown>, today);
    const fieldErrors: GuestsFieldErrors = {};
    for (const [field, message] of Object.entries(errors)) fieldErrors[`guest.${field}`] = message;
    // The package's questions, checked as the lead's form checks them (contracts/answers.ts);
    // errors keyed guest.answers.{questionId}.
    const answered = checkAnswers(row.questions ?? [], (input as { answers?: unknown }).answers);
    for (const [id, message] of Object.entries(answered.errors)) {
      fieldErrors[id === '' ? 'guest.answers' : `guest.answers.${id}`] = message;
    }
    // A save without answers (an older page) keeps the ones stored.
    guest.answers =
      (input as { answers?: unknown }).answers === undefined
        ? (row.guests[link.position]!.answers ?? {})
        : answered.answers;
    if (Object.keys(fieldErrors).length > 0) {
      return { kind: 'invalid', message: 'Please check the highlighted fields.', fieldErrors };
    }
    const position = link.position;
    const before = row.guests.map(ownGuest);
    const after = before.map((g, i) => (i === position ? guest : g));
    const summary = describeGuestChanges(before, after, row.questions ?? []);
    const translations = await questionTranslations(tx, row.package_id);
    if (summary === '') return { kind: 'unchanged', link: linkView(row, link, cutoffDays, translations) };
    await tx.query(
      `UPDATE booking_guests SET full_name = $3, date_of_birth = $4::date, dietary = $5, medical = $6,
         emergency_name = $7, emergency_phone = $8, answers = $9::jsonb, updated_at = now()
       WHERE booking_id = $1 AND position = $2`,
      [
        row.id,
        position,
        guest.fullName,
        guest.dateOfBirth,
        guest.dietary,
        guest.medical,
        guest.emergencyName,
        guest.emergencyPhone,
        JSON.stringify(guest.answers ?? {}),
      ],
    );
    await tx.query('UPDATE bookings SET updated_at = now() WHERE id = $1', [row.id]);
    await recordAudit(tx, [
      {
        // Who, without naming them: the traveller of that position, through their link.
        actor: { type: 'traveller', name: `traveller ${position + 1} (personal link)` },
        action: 'guests.updated',
        bookingId: row.id,
        departureId: row.departure_id ?? undefined,
        to: summary,
      },
    ]);
    const saved = { ...row, guests: row.guests.map((g, i) => (i === position ? { ...g, ...guest } : g)) };
    return { kind: 'saved', link: linkView(saved, link, cutoffDays, translations) };
  });
}
