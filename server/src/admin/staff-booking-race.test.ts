// @vitest-environment node
// Two real server processes on one PostgreSQL: staff bookings race travellers for the last
// seats and the departure is never oversold; a staff booking is claimed once when its traveller
// calls every process at the same moment; a manifest one process keeps shows another's changes.
// PGlite runs one statement at a time inside one process, so these races only mean something on
// PostgreSQL: without TEST_DATABASE_URL they skip.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { openDatabase, type Database } from '../db/database.js';
import {
  createOperator,
  createUser,
  makeClientDir,
  postBooking,
  projectId,
  signInUser,
  spawnServer,
  validBooking,
  type ServerProcess,
  type TestUser,
} from '../test/fixtures.js';
import { addTestDeparture } from '../test/departures.js';
import { claimStaffBookings, listBookingsClaiming } from '../bookings/claim.js';
import { dropPostgresSchema, postgresSchemaUrl } from '../test/postgres-schema.js';
import { describeNeeding, skipReason, testDatabaseUrl } from '../test/services.js';

const post = (url: string, user: TestUser, path: string, body: unknown) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describeNeeding(skipReason('postgres'))('staff bookings across server processes on PostgreSQL', () => {
  let url: string;
  let clientDir: string;
  let db: Database;
  const servers: ServerProcess[] = [];
  let travellers: TestUser[];
  let operator: TestUser;

  beforeAll(async () => {
    url = await postgresSchemaUrl(testDatabaseUrl!);
    clientDir = makeClientDir();
    const env = { DATABASE_URL: url, CLIENT_DIR: clientDir };
    // One after the other: on a loaded machine three starting at once can pass the start timeout.
    servers.push(await spawnServer(env, 4317));
    servers.push(await spawnServer(env, 4318));
    db = await openDatabase({ url });
    [operator, ...travellers] = await Promise.all([
      createOperator('race-operator'),
      ...Array.from({ length: 12 }, (_, i) => createUser(`race-traveller${i}`)),
    ]);
  }, 180_000);

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await db?.close();
    if (url) await dropPostgresSchema(url);
    rmSync(clientDir, { recursive: true, force: true });
  }, 60_000);

  // A staff booking made through one process (no emails): its id, once the 201 is checked.
  const staffBooking = async (serverUrl: string, change: Record<string, unknown>) => {
    const res = await post(serverUrl, operator, '/api/admin/bookings', {
      ...validBooking,
      sendEmails: false,
      ...change,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  // How many times the booking was claimed, by its audit rows.
  const claims = async (bookingId: string) =>
    (
      await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_events WHERE booking_id = $1 AND action = 'booking.claimed'`,
        [bookingId],
      )
    ).rows[0]!.n;

  it('staff parties and travellers racing for the last 8 seats: never oversold, every 201 stored', async () => {
    const departureId = await addTestDeparture(db, { packageId: validBooking.packageId, capacity: 8 });
    const requests = [
      ...Array.from({ length: 6 }, (_, i) => async () => ({
        staff: true,
        res: await post(servers[i % 2]!.url, operator, '/api/admin/bookings', {
          ...validBooking,
          email: `race-${i}@example.com`,
          departureId,
          travellers: 3,
          sendEmails: false,
        }),
      })),
      ...travellers.map((t, i) => async () => ({
        staff: false,
        res: await postBooking(servers[(i + 1) % 2]!.url, t, { ...validBooking, departureId, travellers: 1 }),
      })),
    ];
    const results = await Promise.all(requests.map((r) => r()));
    const answers = await Promise.all(
      results.map(async ({ staff, res }) => ({
        staff,
        status: res.status,
        body: (await res.json()) as { id?: string; travellers?: number },
      })),
    );
    expect(
      answers.every((a) => a.status === 201 || a.status === 409),
      JSON.stringify(answers),
    ).toBe(true);
    const sold = answers.filter((a) => a.status === 201);
    const { rows } = await db.query<{ id: string; travellers: number; seats_taken: number }>(
      `SELECT b.id, b.travellers, d.seats_taken FROM bookings b JOIN departures d ON d.id = b.departure_id
       WHERE b.departure_id = $1`,
      [departureId],
    );
    expect(rows.map((r) => r.id).sort()).toEqual(sold.map((a) => a.body.id).sort());
    const seats = rows.reduce((n, r) => n + r.travellers, 0);
    expect(seats).toBeLessThanOrEqual(8);
    // Twelve single travellers are enough to fill whatever the parties of three leave.
    expect(seats).toBe(8);
    expect(rows[0]!.seats_taken).toBe(seats);
  });

  it('its traveller calling both processes at once claims the booking once', async () => {
    const departureId = await addTestDeparture(db, { packageId: validBooking.packageId, capacity: 8 });
    const email = `race-claim-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await staffBooking(servers[0]!.url, { email, departureId, travellers: 2 });
    const user = await createUser('race-claimer');
    const app = getApps().find((a) => a.name === 'race-test') ?? initializeApp({ projectId }, 'race-test');
    await getAuth(app).updateUser(user.uid, { email, emailVerified: true });
    const token = await signInUser(email);
    const lists = await Promise.all(
      [...servers, ...servers, ...servers].map(async (s) => {
        const res = await fetch(`${s.url}/api/bookings`, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { bookings: { id: string }[] }).bookings.map((b) => b.id);
      }),
    );
    // Each answer is read after its own claim, or after another process's committed: every one
    // holds the booking.
    for (const list of lists) expect(list).toContain(id);
    expect(await claims(id)).toBe(1);
    const owner = await db.query<{ user_id: string }>('SELECT user_id FROM bookings WHERE id = $1', [id]);
    expect(owner.rows[0]!.user_id).toBe(user.uid);
  });

  // The moment the race above may or may not hit, held open: another process's claim is written
  // but not committed when My bookings starts, so its statement's snapshot shows the booking
  // unclaimed and its own claim waits for the row, then finds it taken.
  it('My bookings that waited for another process’s claim of the same booking still lists it', async () => {
    const departureId = await addTestDeparture(db, { packageId: validBooking.packageId, capacity: 8 });
    const email = `race-held-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await staffBooking(servers[0]!.url, { email, departureId, travellers: 1 });
    const user = { uid: `held-${crypto.randomUUID().slice(0, 8)}`, email, emailVerified: true };
    const { reading } = await db.transaction(async (tx) => {
      expect(await claimStaffBookings(tx, user)).toBe(1);
      const reading = listBookingsClaiming(db, user);
      // Until that read waits for this transaction's row lock.
      for (let waited = 0; ; waited += 20) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'WITH claimed AS%'`,
        );
        if (rows[0]!.n > 0) break;
        if (waited > 10_000) throw new Error('My bookings never waited for the claim');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return { reading };
    });
    expect((await reading).map((b) => b.id)).toEqual([id]);
    expect(await claims(id)).toBe(1);
  });

  // What one process keeps of a manifest (./manifest-reads.ts, decision 049) is read again once
  // another process's change writes its audit row: the guide's list is never behind a check-in or
  // a booking made through the other process.
  it('a manifest one process keeps shows what another process changed, at its next read', async () => {
    const departureId = await addTestDeparture(db, { packageId: validBooking.packageId, capacity: 8 });
    const [reader, writer] = [servers[0]!.url, servers[1]!.url];
    const manifest = async () => {
      const res = await fetch(`${reader}/api/admin/departures/${departureId}/manifest`, {
        headers: { authorization: `Bearer ${operator.idToken}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as {
        departure: { seatsTaken: number };
        bookings: { id: string; guests: { checkIn: string | null }[]; notes: { text: string }[] }[];
      };
    };
    const party = (name: string) => staffBooking(writer, { name, departureId, travellers: 2 });
    const first = await party('Ada Kept');
    expect((await manifest()).bookings.map((b) => b.id)).toEqual([first]);
    // Read twice: the second answer is the kept one.
    expect((await manifest()).bookings[0]!.guests[0]!.checkIn).toBeNull();

    const checkIn = await post(writer, operator, `/api/admin/bookings/${first}/guests/0/check-in`, {
      state: 'present',
    });
    expect(checkIn.status).toBe(200);
    expect((await manifest()).bookings[0]!.guests[0]!.checkIn).toBe('present');

    const note = await post(writer, operator, `/api/admin/bookings/${first}/notes`, { text: 'Aisle seat' });
    expect(note.status).toBe(201);
    expect((await manifest()).bookings[0]!.notes.map((n) => n.text)).toEqual(['Aisle seat']);

    const second = await party('Bea Later');
    const after = await manifest();
    expect(after.bookings.map((b) => b.id).sort()).toEqual([first, second].sort());
    expect(after.departure.seatsTaken).toBe(4);
  });
});
