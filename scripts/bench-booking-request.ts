import { randomUUID } from 'node:crypto';

// Request number `i` of the API benchmarks' load (scripts/bench-api.ts, scripts/bench-data.ts): a
// party of 1-3 on one departure, signed in with `token`, a new Idempotency-Key each. The email
// carries the request number, so two stored bookings with one email are a doubled booking.
export function benchBookingRequest(i: number, departure: { id: string; packageId: string }, token: string) {
  return {
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      packageId: departure.packageId,
      departureId: departure.id,
      travellers: 1 + (i % 3),
      name: `Bench Traveller ${i}`,
      email: `bench${i}@example.com`,
      address: `${i} Loopback Lane, Localhost`,
      phone: String(1_000_000 + i),
    }),
  };
}
