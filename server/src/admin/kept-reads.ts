// Reads a process keeps between requests while nothing they are made of changed: the console open
// in many hands (a departure's manifest, the schedule) then costs one small statement a request
// (docs/decisions/049-manifest-reads.md, docs/decisions/059-schedule-kept-between-requests.md).
//
// The rule is the overview's (server/src/overview/queries.ts, docs/decisions/041-overview-charts.md):
// every change to bookings, travellers, check-ins, notes, waiting lists, departures and the
// catalogue writes an audit row in its transaction (server/src/audit/audit.ts), so the newest audit
// row's id moves, in every process's view at once: what is kept is read again as soon as it has.
// An id handed out before the newest but committed after it does not move it, nor does a change
// that writes no audit row (an invitation expiring as time passes): what is kept is read again
// after `freshMs` whatever the id.
import { rememberAtMost } from '../bounded-map.js';
import { prepared, type Queryable } from '../db/database.js';

export const stampSql = prepared('audit-stamp', 'SELECT max(id)::text AS stamp FROM audit_events');

// What was read, and the answer a route made of it last, with what that answer was made of
// (its `key`): while both stay the same the route hands out the same object, which
// server/src/http/shared-answer.ts then need not write again.
export type Kept<V, A> = { value: V; answer?: { key: string; body: A } };
type Entry<V, A> = Kept<V, A> & { stamp: string | null; at: number };

// `keep`: the reads kept at once (the one asked for least recently goes first). `load` answers
// undefined for what does not exist, which is not kept.
export function keptReads<V, A>(db: Queryable, { freshMs = 2_000, keep = 32 } = {}) {
  const kept = new Map<string, Entry<V, A>>();
  // One read per key and stamp at a time: twenty requests arriving together read once.
  const reading = new Map<string, Promise<Entry<V, A> | undefined>>();

  const read = (key: string, stamp: string | null, load: () => Promise<V | undefined>) => {
    const readKey = `${key}\u0000${stamp}`;
    const pending = reading.get(readKey);
    if (pending) return pending;
    // After the stamp was read: what it finds is at least as new as the stamp says.
    const done = load().then((value) => {
      if (value === undefined) return undefined;
      const entry: Entry<V, A> = { value, stamp, at: Date.now() };
      rememberAtMost(kept, key, entry, keep);
      return entry;
    });
    reading.set(readKey, done);
    void done.finally(() => reading.delete(readKey)).catch(() => {});
    return done;
  };

  return async function readKept(
    key: string,
    load: () => Promise<V | undefined>,
  ): Promise<Kept<V, A> | undefined> {
    const { rows } = await db.query<{ stamp: string | null }>(stampSql);
    const stamp = rows[0]?.stamp ?? null;
    const entry = kept.get(key);
    if (entry && entry.stamp === stamp && Date.now() - entry.at < freshMs) {
      // Asked for again: the last to be dropped.
      rememberAtMost(kept, key, entry, keep);
      return entry;
    }
    return read(key, stamp, load);
  };
}
