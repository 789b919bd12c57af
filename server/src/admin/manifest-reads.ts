// What a departure's manifest reads, with what this process keeps between requests, so that the
// console open on a departure in many hands (operators, its guides checking travellers in) costs
// one small statement a request while nothing changes: 20 clients on the 60-traveller manifest of
// a million-booking database took 4-5 ms of this process's time each, most of it reading rows,
// building them and writing to the sockets (npm run bench:data, docs/decisions/049-manifest-reads.md).
//
// The rule is the overview's (server/src/overview/queries.ts, docs/decisions/041-overview-charts.md):
// every change to bookings, travellers, check-ins, notes and departures writes an audit row in its
// transaction (server/src/audit/audit.ts), so the newest audit row's id moves, in every process's
// view at once: a manifest is read again as soon as it has. An id handed out before the newest but
// committed after it does not move it, nor does a change that writes no audit row (an invitation
// expiring as time passes): what is kept is read again after `freshMs` whatever the id.
import type { Manifest, ManifestBooking } from '#contracts/api';
import { rememberAtMost } from '../bounded-map.js';
import { prepared, type Queryable } from '../db/database.js';
import { listManifestBookings } from './bookings-queries.js';
import { findAdminDeparture, type AdminDepartureRow } from './departures-queries.js';

const stampSql = prepared('audit-stamp', 'SELECT max(id)::text AS stamp FROM audit_events');

export type KeptManifest = {
  row: AdminDepartureRow;
  bookings: ManifestBooking[];
  // The answer the route made of it last (./departures-routes.ts), and what that was made of.
  answer?: { key: string; manifest: Manifest };
};
type Entry = KeptManifest & { stamp: string | null; at: number };

// `keep`: the departures kept at once (the one asked for least recently goes first).
export function manifestReader(db: Queryable, { freshMs = 2_000, keep = 32 } = {}) {
  const kept = new Map<string, Entry>();
  // One read per departure and stamp at a time: twenty requests arriving together read once.
  const reading = new Map<string, Promise<Entry | undefined>>();

  const read = (id: string, stamp: string | null) => {
    const key = `${id}|${stamp}`;
    const pending = reading.get(key);
    if (pending) return pending;
    // Both after the stamp was read: what they find is at least as new as the stamp says.
    const done = Promise.all([findAdminDeparture(db, id), listManifestBookings(db, id)]).then(
      ([row, bookings]) => {
        if (!row) return undefined;
        const entry: Entry = { row, bookings, stamp, at: Date.now() };
        rememberAtMost(kept, id, entry, keep);
        return entry;
      },
    );
    reading.set(key, done);
    void done.finally(() => reading.delete(key)).catch(() => {});
    return done;
  };

  // The departure and its active bookings, or undefined when there is no such departure.
  return async function readManifest(id: string): Promise<KeptManifest | undefined> {
    const { rows } = await db.query<{ stamp: string | null }>(stampSql);
    const stamp = rows[0]?.stamp ?? null;
    const entry = kept.get(id);
    if (entry && entry.stamp === stamp && Date.now() - entry.at < freshMs) {
      // Asked for again: the last to be dropped.
      rememberAtMost(kept, id, entry, keep);
      return entry;
    }
    return read(id, stamp);
  };
}
