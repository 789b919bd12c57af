// What a departure's manifest reads, with what this process keeps between requests, so that the
// console open on a departure in many hands (operators, its guides checking travellers in) costs
// one small statement a request while nothing changes: 20 clients on the 60-traveller manifest of
// a million-booking database took 4-5 ms of this process's time each, most of it reading rows,
// building them and writing to the sockets (npm run bench:data, docs/decisions/049-manifest-reads.md).
// When what is kept is read again: ./kept-reads.ts.
import type { Manifest, ManifestBooking } from '#contracts/api';
import type { Queryable } from '../db/database.js';
import { listManifestBookings } from './bookings-queries.js';
import { findAdminDeparture, type AdminDepartureRow } from './departures-queries.js';
import { keptReads, type Kept } from './kept-reads.js';

export type KeptManifest = Kept<{ row: AdminDepartureRow; bookings: ManifestBooking[] }, Manifest>;

// `keep`: the departures kept at once (the one asked for least recently goes first).
export function manifestReader(db: Queryable, options: { freshMs?: number; keep?: number } = {}) {
  const readKept = keptReads<KeptManifest['value'], Manifest>(db, options);
  // The departure and its active bookings, or undefined when there is no such departure.
  return (id: string): Promise<KeptManifest | undefined> =>
    readKept(id, () =>
      Promise.all([findAdminDeparture(db, id), listManifestBookings(db, id)]).then(([row, bookings]) =>
        row ? { row, bookings } : undefined,
      ),
    );
}
