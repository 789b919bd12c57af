// @vitest-environment node
// shortTransaction (server/src/db/database.ts): BEGIN travels with the first statement and COMMIT
// with the last, the parameters written into EXECUTE as literals. What must hold: every value
// arrives exactly as a parameter would (quotes, backslashes, dollar-quote tags, arrays, JSON,
// NULL), the statements form one transaction (its locks held between them, all or nothing), and a
// connection whose message failed never poisons a later one.
import { beforeAll, expect, it } from 'vitest';
import { prepared, type Database } from './database.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';

const awkward = [
  "O'Brien",
  "back\\slash \\\\ and \\'",
  'ends with $q0',
  '$q0$ inside $q1$ and $$ and $',
  '"quoted" {braced}, comma',
  'emoji 🏔️ and accents éà',
  '',
];
// PGlite's own array parameters turn an element 'NULL' into NULL and a null into 'NULL' (pg's
// parameters and EXECUTE's literals keep both): those are tried on PostgreSQL only.
const scalars = [...awkward, 'NULL'];

const echo = prepared(
  'test-short-echo',
  'SELECT $1::text AS t, $2::text[] AS a, $3::jsonb AS j, $4::int AS n, $5::date AS d, $6::boolean AS b, $7::text AS missing',
);
const insert = prepared('test-short-insert', 'INSERT INTO short_tx_probe (v) VALUES ($1) RETURNING v');
const lock = prepared('test-short-lock', 'SELECT pg_advisory_xact_lock(4242, $1::int)');

describeEach(storeCases())('short transactions on $name', { timeout: 60_000 }, (store) => {
  let db: Database;
  beforeAll(async () => {
    db = await store.open();
    await db.query('CREATE TABLE IF NOT EXISTS short_tx_probe (v text)');
  });

  const stored = async () =>
    (await db.query<{ v: string }>('SELECT v FROM short_tx_probe ORDER BY v')).rows.map((r) => r.v);

  it('passes every value as a parameter would, in BEGIN and in COMMIT messages, again and again', async () => {
    for (const text of scalars) {
      const json = { text, list: awkward, nested: { quote: "'", tag: '$q0$' } };
      const list = db.kind === 'postgres' ? [...scalars, null] : awkward;
      const params = [text, list, json, -42, '2031-02-03', true, null];
      const expected = { t: text, a: list, j: json, n: -42, b: true, missing: null };
      const [first, last] = await db.shortTransaction(async (tx) => [
        (await tx.begin<Record<string, unknown>>(echo, params))[0]!,
        (await tx.commit<Record<string, unknown>>(echo, params))[0]!,
      ]);
      for (const row of [first, last]) {
        expect(row).toMatchObject(expected);
        expect(new Date(row.d as string | Date).toISOString().slice(0, 10)).toBe('2031-02-03');
      }
    }
  });

  it('is one transaction: both statements or neither', async () => {
    await db.query('DELETE FROM short_tx_probe');
    await db.shortTransaction(async (tx) => {
      await tx.begin(insert, ['a']);
      await tx.commit(insert, ['b']);
    });
    expect(await stored()).toEqual(['a', 'b']);

    // The last statement fails: the first is rolled back with it.
    await expect(
      db.shortTransaction(async (tx) => {
        await tx.begin(insert, ['c']);
        await tx.commit(
          prepared('test-short-broken', 'INSERT INTO short_tx_probe (v) VALUES ($1::int / 0)'),
          ['1'],
        );
      }),
    ).rejects.toThrow(/division by zero/);
    // The code between the statements fails: nothing is stored.
    await expect(
      db.shortTransaction(async (tx) => {
        await tx.begin(insert, ['d']);
        throw new Error('allotment failed');
      }),
    ).rejects.toThrow('allotment failed');
    // Without a last statement the first still commits.
    await db.shortTransaction(async (tx) => {
      await tx.begin(insert, ['e']);
    });
    // After failures, the statements prepared on the connections still work.
    await db.shortTransaction(async (tx) => {
      await tx.begin(insert, ['f']);
      await tx.commit(insert, ['g']);
    });
    expect(await stored()).toEqual(['a', 'b', 'e', 'f', 'g']);
  });

  it('runs the statements between the first and the last in the same transaction', async () => {
    await db.query('DELETE FROM short_tx_probe');
    const seen = await db.shortTransaction(async (tx) => {
      await tx.begin(insert, ['m1']);
      await tx.between.query(insert, ['m2']);
      // The transaction's own rows, not yet committed, are there between the two.
      const rows = (await tx.between.query<{ v: string }>('SELECT v FROM short_tx_probe ORDER BY v')).rows;
      await tx.commit(insert, ['m3']);
      return rows.map((r) => r.v);
    });
    expect(seen).toEqual(['m1', 'm2']);
    expect(await stored()).toEqual(['m1', 'm2', 'm3']);

    // A statement between that fails rolls back the first with it, and the connection is fine.
    await expect(
      db.shortTransaction(async (tx) => {
        await tx.begin(insert, ['m4']);
        await tx.between.query('INSERT INTO short_tx_probe (v) VALUES ((1 / 0)::text)');
        await tx.commit(insert, ['m5']);
      }),
    ).rejects.toThrow(/division by zero/);
    expect(await stored()).toEqual(['m1', 'm2', 'm3']);

    if (db.kind === 'postgres') {
      // Outside begin() and commit() there is no transaction to run in.
      await expect(
        db.shortTransaction(async (tx) => {
          await tx.between.query('SELECT 1');
        }),
      ).rejects.toThrow(/after begin\(\) and before commit\(\)/);
    }
  });

  it('holds the first statement’s locks until COMMIT', async () => {
    if (db.kind !== 'postgres') return; // PGlite has one connection: nobody else could ask.
    const tryLock = async () =>
      (
        await db.transaction(
          async (tx) =>
            (await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock(4242, 7) AS ok')).rows,
        )
      )[0]!.ok;
    let whileOpen: boolean | undefined;
    await db.shortTransaction(async (tx) => {
      await tx.begin(lock, [7]);
      whileOpen = await tryLock();
      await tx.commit();
    });
    expect(whileOpen).toBe(false);
    expect(await tryLock()).toBe(true);
  });
});
