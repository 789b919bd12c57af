// The bookings API as a second traveller uses it from elsewhere: to take seats, to read what was
// stored, and to give seats back so runs on one database do not use the schedule up.
import type { APIRequestContext } from '@playwright/test';
import { createAccount, expect, idTokenFor, uniqueEmail } from '../auth-fixtures';
import type { Booking, Departure } from '#contracts/api';

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function departuresOf(request: APIRequestContext, packageId: string) {
  const res = await request.get(`/api/packages/${packageId}/departures`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { departures: Departure[] }).departures;
}

export async function bookingsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/bookings', { headers: auth(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { bookings: Booking[] }).bookings;
}

export async function tokenForNewAccount(tag: string) {
  const account = { email: uniqueEmail(tag), password: 'other-traveller' };
  await createAccount(account.email, account.password, 'Otto Other');
  return idTokenFor(account.email, account.password);
}

const contact = {
  name: 'Otto Other',
  email: 'otto@example.com',
  address: '3 Quay Street, Oslo',
  phone: '4722334455',
};

export async function bookViaApi(
  request: APIRequestContext,
  token: string,
  body: { packageId: string; departureId?: string; travellers?: number },
) {
  const res = await request.post('/api/bookings', { headers: auth(token), data: { ...contact, ...body } });
  return { status: res.status(), body: (await res.json()) as Booking & { message?: string } };
}

// Takes every seat left on a departure (a booking carries at most 12, and departures hold 12).
export async function sellOut(request: APIRequestContext, token: string, departure: Departure) {
  const [fresh] = (await departuresOf(request, departure.packageId)).filter((d) => d.id === departure.id);
  if (!fresh || fresh.seatsLeft === 0) return [];
  const { status, body } = await bookViaApi(request, token, {
    packageId: departure.packageId,
    departureId: departure.id,
    travellers: fresh.seatsLeft,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return [body];
}

export async function cancelViaApi(request: APIRequestContext, token: string, id: string) {
  const res = await request.post(`/api/bookings/${id}/cancel`, { headers: auth(token) });
  return { status: res.status(), body: (await res.json()) as Booking & { message?: string } };
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
