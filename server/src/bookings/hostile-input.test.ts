// @vitest-environment node
// Property-based tests (fast-check): random and adversarial bodies against POST /api/bookings.
// Never a 5xx; a 201 only for what the shared schema accepts; never an invalid row stored; a
// control character in any text field a 400 that names the field.
import { rmSync } from 'node:fs';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBooking } from '#contracts/booking';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import {
  buildTestApp,
  createUser,
  makeClientDir,
  packages,
  validBooking,
  type TestUser,
} from '../test/fixtures.js';
import type { Booking } from '#contracts/api';

let db: Database;
let app: FastifyInstance;
let clientDir: string;
let user: TestUser;
let created = 0;
let tried = 0;

beforeAll(async () => {
  clientDir = makeClientDir();
  db = await openDatabase({});
  await migrate(db);
  // One roomy departure a package: this test is about input, not seats.
  for (const id of packages.keys()) {
    await db.query(
      'INSERT INTO departures (id, package_id, starts_on, capacity) VALUES (gen_random_uuid(), $1, current_date + 60, 100000)',
      [id],
    );
  }
  app = await buildTestApp({ clientDir, db });
  user = await createUser('fuzz');
});

afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(clientDir, { recursive: true, force: true });
  console.info(`hostile input: ${tried} requests, ${created} bookings accepted`);
});

async function send(payload: string, contentType = 'application/json') {
  tried++;
  const res = await app.inject({
    method: 'POST',
    url: '/api/bookings',
    headers: { authorization: `Bearer ${user.idToken}`, 'content-type': contentType },
    payload,
  });
  expect(res.statusCode, res.body).toBeLessThan(500);
  if (res.statusCode === 201) created++;
  return res;
}

const sqlish = fc.constantFrom(
  "'; DROP TABLE bookings; --",
  "Robert'); DELETE FROM bookings WHERE ('1'='1",
  '$1, $2) ON CONFLICT DO NOTHING; --',
  '\\x00\\\\\'"`;',
  "1' OR '1'='1",
  '%s%n%x',
);
const weird = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary-ascii', minLength: 1000, maxLength: 20_000 }),
  sqlish,
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u202d',
    '😀'.repeat(60),
    '<script>alert(1)</script>',
    'null',
    '__proto__',
  ),
);
const anyValue = fc.oneof(
  weird,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string()),
  fc.object(),
);
// Plausible text half of the time, so that many bodies pass and their stored rows get checked.
const plausible = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 90 });
const fieldValue = fc.oneof(
  { weight: 4, arbitrary: plausible },
  { weight: 3, arbitrary: weird },
  { weight: 1, arbitrary: anyValue },
);
const phoneValue = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^\d{6,15}$/) },
  { weight: 2, arbitrary: fc.stringMatching(/^\d{1,20}$/) },
  { weight: 2, arbitrary: fieldValue },
);
const packageIdValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...packages.keys()) },
  { weight: 1, arbitrary: fieldValue },
);
const emailValue = fc.oneof(
  { weight: 4, arbitrary: fc.emailAddress() },
  { weight: 1, arbitrary: fieldValue },
);

// Control characters (U+0000-U+001F, U+007F), the ones PostgreSQL refuses (NUL) among them.
const controlChar = fc
  .integer({ min: 0, max: 0x20 })
  .map((c) => (c === 0x20 ? '\u007f' : String.fromCharCode(c)));
// eslint-disable-next-line no-control-regex -- the test looks for control characters
const hasControl = (value: unknown) => typeof value === 'string' && /[\u0000-\u001f\u007f]/.test(value);
// A valid value with one or more control characters put anywhere in it (the ends included:
// trimming must not hide them).
const spiked = (valid: fc.Arbitrary<string>) =>
  fc
    .tuple(valid, fc.array(fc.tuple(fc.nat(), controlChar), { minLength: 1, maxLength: 3 }))
    .map(([value, inserts]) =>
      inserts.reduce((v, [at, c]) => {
        const i = at % (v.length + 1);
        return v.slice(0, i) + c + v.slice(i);
      }, value),
    );
// Each field valid three times in four, spiked otherwise: most bodies would pass the schema but
// for their control characters, so the property reaches the database, where NUL used to be a 503.
const validOrSpiked = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: spiked(valid) });
const cleanText = fc
  .string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 80 })
  .filter((v) => v.trim() !== '' && !hasControl(v));
const textFields = ['name', 'email', 'address', 'phone'] as const;

// Whether JSON.parse gave any object, at any depth, an own "__proto__" key.
const hasProtoKey = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  (Object.hasOwn(value, '__proto__') || Object.values(value).some(hasProtoKey));

describe('hostile input', () => {
  it('valid bookings with control characters in any field: 400 naming each such field, never a 5xx; the rest 201', async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          packageId: fc.constantFrom(...packages.keys()),
          name: validOrSpiked(cleanText),
          email: validOrSpiked(fc.emailAddress()),
          address: validOrSpiked(cleanText),
          phone: validOrSpiked(fc.stringMatching(/^\d{6,15}$/)),
        }),
        async (body) => {
          const res = await send(JSON.stringify(body));
          const dirty = textFields.filter((f) => hasControl(body[f]));
          if (dirty.length > 0) {
            refused++;
            expect(res.statusCode, res.body).toBe(400);
            const { fieldErrors } = res.json() as { fieldErrors: Record<string, string> };
            for (const field of dirty)
              expect(fieldErrors[field]).toMatch(/must not contain control characters/);
            return;
          }
          const expected = validateBooking(body);
          if (!expected.success) {
            expect(res.statusCode, res.body).toBe(400);
            return;
          }
          expect(res.statusCode, res.body).toBe(201);
          const booking = res.json() as Booking;
          expect(booking).toMatchObject(expected.data);
          const { rows } = await db.query<{ name: string; email: string; address: string; phone: string }>(
            'SELECT name, email, address, phone FROM bookings WHERE id = $1',
            [booking.id],
          );
          expect(rows[0]).toEqual({
            name: expected.data.name,
            email: expected.data.email,
            address: expected.data.address,
            phone: expected.data.phone,
          });
        },
      ),
      { numRuns: 300 },
    );
    // Most bodies carry a control character, and many do not: both branches were exercised.
    expect(refused).toBeGreaterThan(150);
    expect(refused).toBeLessThan(290);
  }, 120_000);

  it('a NUL byte in each field of an otherwise valid booking: 400 with that field named', async () => {
    for (const field of [...textFields, 'packageId', 'departureId'] as const) {
      const body = {
        ...validBooking,
        [field]: `${field === 'departureId' ? '' : validBooking[field as 'name']}\u0000x`,
      };
      const res = await send(JSON.stringify(body));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect((res.json() as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBeDefined();
    }
  });

  // PostgreSQL refuses such text (jsonb and the JSON the booking batch sends it): a 400 that says
  // a value cannot be stored, and the batch's other bookings are stored one by one.
  it('a lone UTF-16 surrogate in each text field (valid JSON, not valid Unicode): a 400, never a 5xx', async () => {
    for (const field of textFields) {
      const body = { ...validBooking, [field]: `${validBooking[field as 'name']}\ud800` };
      const res = await send(JSON.stringify(body));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
    }
  });

  it('booking-shaped bodies with adversarial fields: 201 exactly when the schema accepts, stored as validated', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            packageId: packageIdValue,
            name: fieldValue,
            email: emailValue,
            address: fieldValue,
            phone: phoneValue,
          },
          { requiredKeys: [] },
        ),
        async (body) => {
          const res = await send(JSON.stringify(body));
          const expected = validateBooking(body);
          const known = expected.success && packages.has(expected.data.packageId);
          if (known) {
            expect(res.statusCode).toBe(201);
          } else {
            expect([400, 413]).toContain(res.statusCode);
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it('any JSON value, prototype keys and raw text: a 4xx with a reason, nothing stored', async () => {
    const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc
            .tuple(protoKeys, fc.jsonValue())
            .map(([k, v]) => `{"${k}": ${JSON.stringify(v)}, ${JSON.stringify(validBooking).slice(1)}`),
          fc.string({ unit: 'binary', maxLength: 2000 }),
        ),
        async (payload) => {
          const before = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!
            .n;
          const res = await send(payload);
          if (res.statusCode === 201) {
            // Only a well-formed booking may pass; a __proto__ key, at any depth, never does (extra
            // keys such as "constructor": {} are dropped by the schema, and "__proto__" as a
            // string value is just text).
            expect(hasProtoKey(JSON.parse(payload))).toBe(false);
            const parsed = validateBooking(JSON.parse(payload));
            expect(parsed.success).toBe(true);
          } else {
            expect(res.statusCode).toBeGreaterThanOrEqual(400);
            expect(typeof res.json().message).toBe('string');
            const after = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings')).rows[0]!
              .n;
            expect(after).toBe(before);
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);

  it('afterwards: no prototype was polluted, the table is intact and every stored row passes the schema', async () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const { rows } = await db.query<{
      package_id: string;
      name: string;
      email: string;
      address: string;
      phone: string;
    }>('SELECT package_id, name, email, address, phone FROM bookings');
    expect(rows.length).toBe(created);
    for (const r of rows) {
      const check = validateBooking({
        packageId: r.package_id,
        name: r.name,
        email: r.email,
        address: r.address,
        phone: r.phone,
      });
      expect(check.success, JSON.stringify(r)).toBe(true);
      expect(packages.has(r.package_id)).toBe(true);
    }
  });
});
