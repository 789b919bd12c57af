import type { Queryable } from './database.js';

// `($1, $2), ($3, $4)`: placeholders for a multi-row VALUES list of `width` columns.
export const valuesList = (rows: number, width: number, offset = 0) =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${offset + r * width + c + 1}`).join(', ')})`,
  ).join(', ');

// One multi-row INSERT of `rows` (each an array in `columns` order); nothing when empty.
export async function insertRows(q: Queryable, table: string, columns: readonly string[], rows: unknown[][]) {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${valuesList(rows.length, columns.length)}`,
    rows.flat(),
  );
}
