// @vitest-environment node
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/database.js';
import { fromDatabase, setApiErrorHandler } from './problem.js';

// Values the database itself refuses (SQLSTATE class 22) are the request's fault: 400, never the
// 503 "database unavailable" that would page someone.
describe('errors from the database', () => {
  let db: Database;
  const app = Fastify({ logger: false });

  beforeAll(async () => {
    db = await openDatabase({});
    setApiErrorHandler(app);
    app.post<{ Body: { sql: string; value: unknown } }>('/probe', async (request) => {
      const { sql, value } = request.body;
      await fromDatabase(() => db.query(sql, [value]));
      return { ok: true };
    });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it.each([
    ['a NUL byte in text (22021)', 'SELECT $1::text', 'a\u0000b'],
    ['year 0000 (22008)', 'SELECT $1::date', '0000-01-01'],
    ['a number too large (22003)', 'SELECT $1::int', '99999999999'],
    ['not a date (22007)', 'SELECT $1::date', 'soon'],
  ])('%s: 400 with a message', async (_name, sql, value) => {
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { sql, value } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/cannot be stored/);
  });

  it('anything else the database throws is still a 503', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/probe',
      payload: { sql: 'SELECT * FROM no_such_table WHERE $1::text IS NULL', value: 'x' },
    });
    expect(res.statusCode).toBe(503);
  });
});
