// An operator's message to everyone on a departure (POST /api/admin/departures/{id}/messages):
// checked here, then one email a active booking and one audit row a booking, in one transaction.
import { messageLimits, type DepartureMessage } from '../../../src/contracts/admin.js';
import { controlCharsMessage, hasControlChars } from '../../../src/contracts/text.js';
import { recordAudit, type Actor } from '../audit/audit.js';
import {
  bookingColumns,
  bookingsFrom,
  emailData,
  toBooking,
  type BookingRow,
} from '../bookings/repository.js';
import type { Database } from '../db/database.js';
import { enqueueEmails } from '../mail/outbox.js';

type Checked =
  | { ok: true; value: Required<DepartureMessage> }
  | { ok: false; message: string }
  | { ok: false; fieldErrors: Partial<Record<'subject' | 'body' | 'dryRun', string>> };

export function checkMessage(body: unknown): Checked {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { ok: false, message: 'The message could not be read: send a JSON object.' };
  }
  const { subject, body: text, dryRun } = body as Record<string, unknown>;
  const fieldErrors: Partial<Record<'subject' | 'body' | 'dryRun', string>> = {};
  const cleanSubject = typeof subject === 'string' ? subject.trim() : '';
  // CRLF from a textarea counts as one newline, as the email will show it.
  const cleanBody = typeof text === 'string' ? text.replace(/\r\n?/g, '\n').replace(/\s+$/, '') : '';
  if (subject !== undefined && typeof subject !== 'string') fieldErrors.subject = 'The subject must be text.';
  // Control characters first (their message wins); the body keeps tabs and newlines (paragraphs).
  else if (hasControlChars(cleanSubject)) fieldErrors.subject = controlCharsMessage('Subject');
  else if (cleanSubject === '') fieldErrors.subject = 'Write a subject.';
  else if (cleanSubject.length > messageLimits.subject)
    fieldErrors.subject = `Keep the subject to ${messageLimits.subject} characters or fewer.`;
  if (text !== undefined && typeof text !== 'string') fieldErrors.body = 'The message must be text.';
  else if (hasControlChars(cleanBody, { multiline: true })) fieldErrors.body = controlCharsMessage('Message');
  else if (cleanBody.trim() === '') fieldErrors.body = 'Write the message.';
  else if (cleanBody.length > messageLimits.body)
    fieldErrors.body = `Keep the message to ${messageLimits.body} characters or fewer.`;
  if (dryRun !== undefined && typeof dryRun !== 'boolean')
    fieldErrors.dryRun = 'dryRun must be true or false.';
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, value: { subject: cleanSubject, body: cleanBody, dryRun: dryRun === true } };
}

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
