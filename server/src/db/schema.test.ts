// @vitest-environment node
// The tables a fresh database gets from the migrations are the ones ./schema.ts describes: every
// column's name, type and nullability, and no table or column more or less. A migration that
// changes a table without schema.ts (whose types are held to `columns` by the compiler) fails here.
import { expect, it } from 'vitest';
import { migrate } from './migrations.js';
import { columns } from './schema.js';
import { storeCases } from '../test/fixtures.js';
import { describeEach } from '../test/services.js';

type Described = Record<string, Record<string, { type: string; nullable: boolean }>>;

describeEach(storeCases())('the schema on $name', { timeout: 60_000 }, (store) => {
  it('has exactly the tables and columns of server/src/db/schema.ts', async () => {
    const db = await store.reopen();
    try {
      await migrate(db);
      const { rows } = await db.query<{
        table_name: string;
        column_name: string;
        data_type: string;
        is_nullable: 'YES' | 'NO';
      }>(
        `SELECT table_name, column_name, data_type, is_nullable
           FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'
          ORDER BY table_name, ordinal_position`,
      );
      const actual: Described = {};
      for (const row of rows) {
        (actual[row.table_name] ??= {})[row.column_name] = {
          type: row.data_type,
          nullable: row.is_nullable === 'YES',
        };
      }
      // Compared as plain data: a difference names its table and column.
      expect(actual).toEqual(JSON.parse(JSON.stringify(columns)));
    } finally {
      await db.close();
    }
  });

  // Money is integer cents in every table (docs/decisions/061-money-in-cents.md): a column that
  // holds an amount says so in its name and is an integer, never dollars or a float.
  it('holds every amount as integer cents', async () => {
    const money = /price|total|amount|deposit|fee|refund|paid|balance/;
    // Named like money, counting something else.
    const notMoney = new Set(['departure_travellers.total']);
    // Payment terms and deadlines (contracts/payment.ts): percentages, days, times, flags, and the
    // fee tiers (percentages by days before the departure).
    const termsNotAmounts = /_percent$|_days$|_at$|_on$|_waived$|^cancellation_fees$|_state$|^kind$|^method$/;
    const amounts = Object.entries(columns).flatMap(([table, cols]) =>
      Object.entries(cols as Record<string, { type: string }>)
        .filter(
          ([column]) =>
            money.test(column) && !termsNotAmounts.test(column) && !notMoney.has(`${table}.${column}`),
        )
        .map(([column, { type }]) => [`${table}.${column}`, type]),
    );
    expect(amounts).toEqual(
      expect.arrayContaining([
        ['packages.price_cents', 'integer'],
        ['departures.price_cents', 'integer'],
        ['bookings.price_cents', 'integer'],
        ['bookings.total_cents', 'integer'],
      ]),
    );
    for (const [column, type] of amounts) {
      expect(column, `${column} is an amount: in cents`).toMatch(/_cents$/);
      expect(['integer', 'bigint'], `${column} is ${type}`).toContain(type);
    }
  });
});
