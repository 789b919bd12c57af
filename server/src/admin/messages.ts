// An operator's message to everyone on a departure (POST /api/admin/departures/{id}/messages):
// checked by its route schema (contracts/api.ts), then one email a active booking and one audit row a booking, in one transaction.
import { recordAudit, type Actor } from '../audit/audit.js';
import { emailData, toBooking } from '../bookings/booking-row.js';
import { bookingColumns, bookingsFrom, type BookingRow } from '../db/schema.js';
import type { Database } from '../db/database.js';
import { enqueueEmails } from '../mail/outbox.js';
import type { DepartureMessage } from '#contracts/api';

// The text as it is sent: the subject trimmed, the body with CRLF as one newline (as a textarea's
// line breaks read in the email) and no trailing blank lines. contracts/api.ts checked both.
export const normaliseMessage = (message: DepartureMessage): Required<DepartureMessage> => ({
  subject: message.subject.trim(),
  body: message.body.replace(/\r\n?/g, '\n').replace(/\s+$/, ''),
  dryRun: message.dryRun === true,
});

export type MessageOutcome = { kind: 'not-found' } | { kind: 'done'; recipients: number };

// Active bookings are the requested and confirmed ones; each email goes to the account that
// booked (server/src/bookings/status.ts does the same). Their rows are locked (in id order), so a
// cancellation at the same moment either comes first (and that traveller is not written to) or
// after (and was written to while still booked).
export function sendDepartureMessage(
  db: Database,
  departureId: string,
  message: Required<DepartureMessage>,
  actor: Actor,
): Promise<MessageOutcome> {
  return db.transaction(async (tx) => {
    const found = await tx.query('SELECT 1 FROM departures WHERE id = $1', [departureId]);
    if (found.rows.length === 0) return { kind: 'not-found' };
    const { rows } = await tx.query<BookingRow>(
      `SELECT ${bookingColumns} FROM ${bookingsFrom}
       WHERE b.departure_id = $1 AND b.status IN ('requested', 'confirmed') AND b.account_email IS NOT NULL
       ORDER BY b.id ${message.dryRun ? '' : 'FOR UPDATE OF b'}`,
      [departureId],
    );
    if (message.dryRun || rows.length === 0) return { kind: 'done', recipients: rows.length };
    await enqueueEmails(
      tx,
      rows.map((row) => ({
        bookingId: row.id,
        kind: 'departure-message' as const,
        to: row.account_email!,
        data: { ...emailData(toBooking(row)), subject: message.subject, body: message.body },
      })),
    );
    // The booking's history shows that a message went out and its subject; the text stays in the
    // email alone (it may speak of people).
    await recordAudit(
      tx,
      rows.map((row) => ({
        actor,
        action: 'booking.message' as const,
        bookingId: row.id,
        departureId,
        to: message.subject,
      })),
    );
    return { kind: 'done', recipients: rows.length };
  });
}
