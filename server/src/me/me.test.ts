// @vitest-environment node
// The traveller's own data: the export as a JSON attachment, and the deletion of the account:
// future bookings cancelled (seats back, the brand told), personal data erased from every text and
// JSON column of every table, the identity account deleted; references, dates, parties and
// totals kept. A sign-in older than five minutes is 401 "Sign in again".
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AccountExport } from '#contracts/me';
import { addDays, todayIso } from '#contracts/iso-dates';
import type { Database } from '../db/database.js';
import { describeEach } from '../test/services.js';
import {
  buildTestApp,
  createUser,
  injectBooking,
  makeClientDir,
  projectId,
  storeCases,
  validBooking,
  type TestUser,
} from '../test/fixtures.js';
import { firebaseIdentityDeleter } from './routes.js';
import { purgeSentEmails } from './repository.js';
import type { Booking } from '#contracts/api';

const person = {
  name: 'Quintessa Marlowe-Vantablack',
  email: 'quintessa.vantablack@example.org',
  address: '77 Zephyrine Crescent, Lowestoft',
  phone: '441502999777',
};
const guest = {
  fullName: 'Bartholomew Quillfeather',
  dietary: 'xanthan-free',
  medical: 'ornithophobia',
  emergency: 'Perpetua Quillfeather',
  emergencyPhone: '441502888666',
};

describeEach(storeCases())('my data on $name', (store) => {
  let db: Database;
  let app: FastifyInstance;
  let clientDir: string;
  let traveller: TestUser;
  let bystander: TestUser;
  let dayOffset = 400 + Math.floor(Math.random() * 600);

  const as = (user: TestUser, method: 'GET' | 'DELETE' | 'POST', url: string) =>
    app.inject({ method, url, headers: { authorization: `Bearer ${user.idToken}` } });
  const addDeparture = async (capacity: number, daysAhead = dayOffset++) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO departures (id, package_id, starts_on, capacity, status) VALUES ($1, $2, $3, $4, 'open')`,
      [id, validBooking.packageId, addDays(todayIso('UTC'), daysAhead), capacity],
    );
    return id;
  };

  beforeAll(async () => {
    clientDir = makeClientDir();
    db = await store.open();
    app = await buildTestApp({
      clientDir,
      db,
      bookings: {
        deleteIdentity: firebaseIdentityDeleter(projectId),
        operationsEmail: 'ops-desk@example.com',
      },
    });
    [traveller, bystander] = await Promise.all([createUser('erasable'), createUser('bystander')]);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => {});
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  it('refuses a deletion with a sign-in older than five minutes: 401 "Sign in again", nothing erased', async () => {
    const stale = await buildTestApp({
      clientDir,
      db,
      verifyToken: async () => ({
        uid: bystander.uid,
        email: bystander.email,
        authTime: Date.now() - 600_000,
      }),
      bookings: { deleteIdentity: async () => expect.unreachable() },
    });
    try {
      const res = await stale.inject({
        method: 'DELETE',
        url: '/api/me',
        headers: { authorization: `Bearer ${bystander.idToken}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Sign in again' });
    } finally {
      await stale.close();
    }
  });

  it('exports everything as a JSON attachment, then deletes the account and erases its personal data everywhere', async () => {
    const future = await addDeparture(2);
    const full = await addDeparture(1);
    const booked = await injectBooking(app, traveller, {
      ...validBooking,
      ...person,
      departureId: future,
      travellers: 2,
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json() as Booking;
    await db.query(
      `UPDATE booking_guests SET full_name = $2, date_of_birth = '1970-01-02', dietary = $3, medical = $4,
         emergency_name = $5, emergency_phone = $6 WHERE booking_id = $1 AND position = 1`,
      [booking.id, guest.fullName, guest.dietary, guest.medical, guest.emergency, guest.emergencyPhone],
    );
    expect((await injectBooking(app, bystander, { ...validBooking, departureId: full })).statusCode).toBe(
      201,
    );
    const joined = await app.inject({
      method: 'POST',
      url: `/api/departures/${full}/waitlist`,
      headers: { authorization: `Bearer ${traveller.idToken}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ travellers: 1 }),
    });
    expect(joined.statusCode, joined.body).toBe(201);

    const exported = await as(traveller, 'GET', '/api/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="wayfarer-tours-my-data-.*\.json"$/,
    );
    const data = exported.json() as AccountExport;
    expect(data.account).toEqual({ uid: traveller.uid, email: traveller.email });
    expect(data.bookings.map((b) => b.reference)).toEqual([booking.reference]);
    expect(data.bookings[0]!.guests[1]).toMatchObject({ fullName: guest.fullName, medical: guest.medical });
    expect(data.waitingList).toHaveLength(1);
    expect(data.emails).toContainEqual(
      expect.objectContaining({ kind: 'booking-received', subject: expect.any(String) }),
    );
    // Nobody else's data.
    expect(exported.body).not.toContain(bystander.email);

    const deleted = await as(traveller, 'DELETE', '/api/me');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ cancelled: 1 });

    // The books keep the booking: reference, date, party, total; cancelled, seats back.
    const { rows } = await db.query<{
      reference: string;
      status: string;
      travellers: number;
      total_cents: number;
    }>('SELECT reference, status, travellers, total_cents FROM bookings WHERE id = $1', [booking.id]);
    expect(rows[0]).toEqual({
      reference: booking.reference,
      status: 'cancelled',
      travellers: 2,
      total_cents: booking.total * 100,
    });
    expect(
      (await db.query<{ seats_taken: number }>('SELECT seats_taken FROM departures WHERE id = $1', [future]))
        .rows[0]!.seats_taken,
    ).toBe(0);
    // The brand was told, without the traveller's contact details.
    const told = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM outbox WHERE booking_id = $1 AND recipient = 'ops-desk@example.com' AND kind = 'operations-cancellation'`,
      [booking.id],
    );
    expect(told.rows[0]!.n).toBe(1);

    // Every text and JSON column of every table, searched for each piece of personal data.
    const { rows: columns } = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'character')`,
    );
    expect(columns.length).toBeGreaterThan(10);
    const needles = [
      person.name,
      person.email,
      person.address,
      person.phone,
      traveller.email,
      ...Object.values(guest),
      '1970-01-02',
    ];
    const found: string[] = [];
    for (const { table_name, column_name } of columns) {
      for (const needle of needles) {
        const hit = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table_name}" WHERE "${column_name}"::text ILIKE '%' || $1 || '%'`,
          [needle],
        );
        if (hit.rows[0]!.n > 0) found.push(`${table_name}.${column_name}: ${needle}`);
      }
    }
    const dates = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM booking_guests WHERE booking_id = $1 AND date_of_birth IS NOT NULL`,
      [booking.id],
    );
    expect(found).toEqual([]);
    expect(dates.rows[0]!.n).toBe(0);

    // The identity account is gone.
    const admin = getApps().find((a) => a.name === 'me-test') ?? initializeApp({ projectId }, 'me-test');
    await expect(getAuth(admin).getUser(traveller.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    // Searching every column is a few hundred queries: slow on PGlite under load.
  }, 120_000);

  it('purges the content of emails sent more than OUTBOX_RETENTION_DAYS ago, keeping kind and dates', async () => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO outbox (id, kind, recipient, payload, status, sent_at) VALUES ($1, 'booking-received', 'x@example.com', '{"name":"Old Name"}', 'sent', now() - interval '91 days')`,
      [id],
    );
    expect(await purgeSentEmails(db, 90)).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ payload: unknown; kind: string }>(
      'SELECT payload, kind FROM outbox WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ payload: {}, kind: 'booking-received' });
  });

  it('purges a backlog a batch at a time, to the last one, and leaves recent and queued emails', async () => {
    const old = Array.from({ length: 7 }, () => randomUUID());
    for (const id of old) {
      await db.query(
        `INSERT INTO outbox (id, kind, recipient, payload, status, sent_at) VALUES ($1, 'booking-received', 'x@example.com', '{"name":"Old Name"}', 'sent', now() - interval '100 days')`,
        [id],
      );
    }
    const recent = randomUUID();
    await db.query(
      `INSERT INTO outbox (id, kind, recipient, payload, status, sent_at) VALUES ($1, 'booking-received', 'x@example.com', '{"name":"New Name"}', 'sent', now() - interval '3 days')`,
      [recent],
    );
    expect(await purgeSentEmails(db, 90, new Date(), 2)).toBeGreaterThanOrEqual(7);
    const { rows } = await db.query<{ id: string; payload: Record<string, unknown> }>(
      'SELECT id, payload FROM outbox WHERE id = ANY($1::uuid[])',
      [[...old, recent]],
    );
    expect(
      rows
        .filter((r) => Object.keys(r.payload).length === 0)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...old].sort());
    expect(rows.find((r) => r.id === recent)!.payload).toEqual({ name: 'New Name' });
    expect(await purgeSentEmails(db, 90, new Date(), 2)).toBe(0);
  });
});
