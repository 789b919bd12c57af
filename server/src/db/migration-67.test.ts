// @vitest-environment node
// Migration 67 gives each waiting-list entry the site's language it was made in: the entries a
// release before it stored keep every value and read English (they were made on the English
// site), and only a language the site has is stored (the same CHECK as bookings', migration 63).
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import { migrate } from './migrations.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';

describeEach(storeCases())('migration 67 (waiting-list language) on $name', { timeout: 120_000 }, (store) => {
  it('keeps the stored entries, in English; takes es; refuses a language the site has not', async () => {
    const db = await store.reopen();
    try {
      await migrate(db, 66);
      const departureId = randomUUID();
      const entryId = randomUUID();
      await db.query(
        `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken, status)
         VALUES ($1, 'swiss-alpine-lakes', $2, 10, 10, 'open')`,
        [departureId, addDays(todayIso('UTC'), 90)],
      );
      await db.query(
        `INSERT INTO waitlist_entries (id, departure_id, package_id, user_id, user_email, travellers, status,
           offered_at, offer_expires_at)
         VALUES ($1, $2, 'swiss-alpine-lakes', 'm67-user', 'm67@example.com', 3, 'waiting', NULL, NULL)`,
        [entryId, departureId],
      );
      const before = (
        await db.query<Record<string, unknown>>('SELECT * FROM waitlist_entries WHERE id = $1', [entryId])
      ).rows[0]!;

      expect(await migrate(db)).toContain(67);
      const after = (
        await db.query<Record<string, unknown>>('SELECT * FROM waitlist_entries WHERE id = $1', [entryId])
      ).rows[0]!;
      expect(after).toEqual({ ...before, language: 'en' });

      const add = (language: string) =>
        db.query(
          `INSERT INTO waitlist_entries (id, departure_id, package_id, user_id, user_email, travellers, language)
           VALUES ($1, $2, 'swiss-alpine-lakes', $3, 'm67@example.com', 1, $4)`,
          [randomUUID(), departureId, `m67-${language}`, language],
        );
      await add('es');
      await expect(add('fr')).rejects.toThrow(/waitlist_entries_language/);
    } finally {
      await db.close();
    }
  });
});
