// Operators' internal notes on a booking: written with their audit row in one transaction, read
// back in the booking's history and on the manifest (operators only), never in a traveller's
// payload or email.
import { randomUUID } from 'node:crypto';
import { noteLimits, type Note } from '../../../src/contracts/admin.js';
import { controlCharsMessage, hasControlChars } from '../../../src/contracts/text.js';
import { recordAudit, type Actor } from '../audit/audit.js';
import type { Database } from '../db/database.js';

export function readNoteText(
  body: unknown,
): { text: string } | { message: string; fieldErrors?: { text: string } } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { message: 'The note could not be read: send a JSON object with its text.' };
  }
  const text = (body as { text?: unknown }).text;
  const invalid = (message: string) => ({
    message: 'Please check the highlighted fields.',
    fieldErrors: { text: message },
  });
  if (text === undefined || text === null) return invalid('Please write the note.');
  if (typeof text !== 'string') return invalid('The note must be text.');
  const trimmed = text.replace(/\r\n?/g, '\n').trim();
  if (trimmed.length < noteLimits.min) return invalid('Please write the note.');
  if (trimmed.length > noteLimits.max) {
    return invalid(`Keep the note to ${noteLimits.max.toLocaleString('en-US')} characters or fewer.`);
  }
  // Tab and newline are fine in a note (several lines); other control characters are refused.
  if (hasControlChars(trimmed, { multiline: true })) return invalid(controlCharsMessage('The note'));
  return { text: trimmed };
}

export function addNote(
  db: Database,
  note: { bookingId: string; text: string; actor: Actor },
): Promise<Note | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ departure_id: string | null }>(
      'SELECT departure_id FROM bookings WHERE id = $1',
      [note.bookingId],
    );
    if (!rows[0]) return undefined;
    const id = randomUUID();
    const {
      rows: [saved],
    } = await tx.query<{ at: Date | string }>(
      'INSERT INTO booking_notes (id, booking_id, author, text) VALUES ($1, $2, $3, $4) RETURNING at',
      [id, note.bookingId, note.actor.name, note.text],
    );
    await recordAudit(tx, [
      {
        actor: note.actor,
        action: 'note.added',
        bookingId: note.bookingId,
        departureId: rows[0].departure_id ?? undefined,
        noteId: id,
      },
    ]);
    return { id, at: new Date(saved!.at).toISOString(), author: note.actor.name, text: note.text };
  });
}
