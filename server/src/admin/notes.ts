// Operators' internal notes on a booking (the text is checked by noteRequestSchema in
// contracts/api.ts): written with their audit row in one transaction, read
// back in the booking's history and on the manifest (operators only), never in a traveller's
// payload or email.
import { randomUUID } from 'node:crypto';
import { recordAudit, type Actor } from '../audit/audit.js';
import type { Database } from '../db/database.js';
import type { Note } from '#contracts/api';

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
