// @vitest-environment node
// A transaction whose statement outlives the query timeout: pg fails the statement while the
// server still runs it, and the ROLLBACK queued behind it times out too. The connection must not
// go back to the pool with its transaction open: the next caller's statements would run inside it
// and keep its locks (seen under bench:data: one leftover transaction held a row lock that made
// nine requests fail after 10 s). PostgreSQL only: PGlite has no query timeout.
import { expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { describeNeeding, missing, testDatabaseUrl } from '../test/services.js';

describeNeeding(missing.postgres)('a transaction that times out', () => {
  it('leaves no transaction open on the pooled connection', { timeout: 30_000 }, async () => {
    const db = await openDatabase({ url: testDatabaseUrl!, poolSize: 1, queryTimeoutMs: 400 });
    try {
      await expect(db.transaction((tx) => tx.query('SELECT pg_sleep(1.5)'))).rejects.toThrow(/timeout/i);
      // Long enough for the server to finish the sleep the client gave up on.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // Inside a transaction now() is when it began, not this statement's time.
      const { rows } = await db.query<{ open: boolean }>('SELECT now() <> statement_timestamp() AS open');
      expect(rows[0]!.open).toBe(false);
    } finally {
      await db.close();
    }
  });
});
