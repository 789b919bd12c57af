// Test helpers: a fetch that answers like the console's API, and sample records.
import { vi } from 'vitest';
import { emptyGuest } from '#contracts/guests';
import type { AdminBooking, AdminDeparture } from '#contracts/api';

export type FakeRequest = { url: URL; method: string; headers: Headers; body: unknown };
type Handler = (request: FakeRequest) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// Routes are "METHOD /path" (no query). Anything else fails the test loudly.
export function fakeFetch(routes: Record<string, Handler>) {
  const calls: FakeRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request = { url, method, headers, body };
    calls.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected ${method} ${url.pathname}`);
    return handler(request);
  });
  return { spy, calls };
}

export const packagesJson = [
  { id: 'swiss-alpine-lakes', name: 'Swiss Alpine Lakes', description: '', img: 'alps', price: 2450 },
  { id: 'kyoto-temples-and-tea', name: 'Kyoto Temples and Tea', description: '', img: 'kyoto', price: 1980 },
];

export function aBooking(overrides: Partial<AdminBooking> = {}): AdminBooking {
  return {
    id: '5b0f3c1e-7a2d-4c8e-9f10-2a3b4c5d6e7f',
    reference: 'WT-7K2M9QXA',
    packageId: 'swiss-alpine-lakes',
    packageName: 'Swiss Alpine Lakes',
    departureId: '0d9c8b7a-6f5e-4d3c-2b1a-0f9e8d7c6b5a',
    startsOn: '2027-06-12',
    travellers: 2,
    price: 2450,
    total: 4900,
    name: 'Anna Lindqvist',
    email: 'anna@example.com',
    address: '7 Harbour Road, Bergen',
    phone: '4755512345',
    status: 'requested',
    createdAt: '2027-01-05T10:15:00.000Z',
    updatedAt: '2027-01-05T10:15:00.000Z',
    userId: 'traveller-1',
    cancelReason: null,
    guests: [
      { ...emptyGuest('Anna Lindqvist'), checkIn: null },
      { ...emptyGuest(), checkIn: null },
    ],
    detailsComplete: false,
    payment: {
      currency: 'USD',
      totalCents: 490_000,
      depositCents: 98_000,
      depositDueAt: '2027-01-08T10:00:00.000Z',
      balanceDueOn: '2027-04-13',
      paidCents: 0,
      refundedCents: 0,
      dueNowCents: 98_000,
      refundDueCents: 0,
      state: 'deposit-due',
      entries: [],
    },
    ...overrides,
  };
}

export function aDeparture(overrides: Partial<AdminDeparture> = {}): AdminDeparture {
  return {
    id: '0d9c8b7a-6f5e-4d3c-2b1a-0f9e8d7c6b5a',
    packageId: 'swiss-alpine-lakes',
    packageName: 'Swiss Alpine Lakes',
    price: 2450,
    ownPrice: null,
    startsOn: '2027-06-12',
    capacity: 12,
    seatsLeft: 7,
    seatsTaken: 5,
    bookingCount: 3,
    status: 'open',
    minTravellers: 0,
    guaranteed: false,
    toGuarantee: 0,
    waiting: 0,
    offered: 0,
    travellersComplete: 0,
    travellersTotal: 0,
    decideBy: '2027-05-13',
    atRisk: false,
    ...overrides,
  };
}
