// @vitest-environment node
// The details reminder to each invited traveller goes out once per traveller, however many
// processes run the scheduler at once: two database handles (two pools, as two processes have)
// on one PostgreSQL run the reminders side by side, again and again. Only PostgreSQL runs two
// transactions at once, so without TEST_DATABASE_URL this skips.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '#contracts/iso-dates';
import { newReference } from '../bookings/repository.js';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { guestDetailsIncomplete, runReminders } from '../reminders/reminders.js';
import { validBooking } from '../test/fixtures.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) console.warn('guest reminder race test skipped: TEST_DATABASE_URL is not set');

describe.skipIf(!baseUrl)('guest reminders from two processes on one PostgreSQL', () => {
  let url: string;
  let one: Database;
  let two: Database;
  const bookingIds: string[] = [];

  beforeAll(async () => {
    url = await postgresSchemaUrl(baseUrl!);
    one = await openDatabase({ url });
    await migrate(one);
    two = await openDatabase({ url });
    const departureId = randomUUID();
    await one.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, seats_taken) VALUES ($1, $2, $3, 100, 60)`,
      [departureId, validBooking.packageId, addDays(todayIso('UTC'), 10)],
    );
    // 20 bookings of 3: travellers 2 and 3 invited, with no details; the lead's are complete.
    for (let i = 0; i < 20; i++) {
      const id = randomUUID();
      bookingIds.push(id);
      await one.query(
        `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
           account_email, address, phone, departure_id, travellers, total_cents, status)
         VALUES ($1, $2, 'racer', $3, 'Swiss Alpine Lakes', 100000, 'Racer', $4, $4, 'Somewhere 1',
           '442079460000', $5, 3, 300000, 'confirmed')`,
        [id, newReference(), validBooking.packageId, `racer-${id.slice(0, 8)}@example.com`, departureId],
      );
      await one.query(
        `INSERT INTO booking_guests (booking_id, position, full_name, date_of_birth, emergency_name, emergency_phone)
         VALUES ($1, 0, 'Racer', '1980-01-01', 'Someone', '+44 20 7946 0000'), ($1, 1, '', NULL, '', ''),
           ($1, 2, '', NULL, '', '')`,
        [id],
      );
      await one.query(
        `INSERT INTO guest_links (booking_id, position, token_hash, email, invited_at) VALUES
           ($1, 1, $2, $3, now() - interval '5 days'), ($1, 2, $4, $5, now() - interval '5 days')`,
        [
          id,
          randomUUID(),
          `g1-${id.slice(0, 8)}@example.com`,
          randomUUID(),
          `g2-${id.slice(0, 8)}@example.com`,
        ],
      );
    }
  }, 120_000);

  afterAll(async () => {
    await one?.close();
    await two?.close();
    if (url) await dropPostgresSchema(url);
  });

  it('each invited traveller gets one "Traveller details needed" with one fresh link, whatever runs at once', async () => {
    const settings = { tripDays: 7, detailsDays: 30, detailsIncomplete: guestDetailsIncomplete };
    for (let round = 0; round < 3; round++) {
      await Promise.all([
        runReminders(one, todayIso('UTC'), settings),
        runReminders(two, todayIso('UTC'), settings),
        runReminders(one, todayIso('UTC'), settings),
        runReminders(two, todayIso('UTC'), settings),
      ]);
    }
    const { rows } = await one.query<{ n: number; people: number }>(
      `SELECT count(*)::int AS n, count(DISTINCT recipient)::int AS people FROM outbox
       WHERE kind = 'guest-details-reminder' AND booking_id = ANY($1::uuid[])`,
      [bookingIds],
    );
    expect(rows[0]).toEqual({ n: 40, people: 40 });
    const leads = await one.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE kind = 'details-reminder' AND booking_id = ANY($1::uuid[])`,
      [bookingIds],
    );
    expect(leads.rows[0]!.n).toBe(20);
    // Every link was replaced once: its hash is no longer the random one it was given.
    const links = await one.query<{ token_hash: string }>(
      'SELECT token_hash FROM guest_links WHERE booking_id = ANY($1::uuid[])',
      [bookingIds],
    );
    expect(links.rows).toHaveLength(40);
    for (const link of links.rows) expect(link.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
