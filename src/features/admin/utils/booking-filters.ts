import type { AdminBookingFilters } from '#contracts/admin';
import { bookingStatuses, type BookingStatus } from '#contracts/booking';
import { paymentStates, type PaymentState } from '#contracts/payment';

// The filters a bookings list shows, as they live in the page's URL query: a reload or a shared
// link opens the same list. The query keys are the API's own.
export type BookingFilters = Required<Pick<AdminBookingFilters, 'packageId' | 'departureId' | 'q'>> & {
  status: BookingStatus | '';
  payment: PaymentState | '';
};

export const filterKeys = ['status', 'payment', 'packageId', 'departureId', 'q'] as const;
export type FilterKey = (typeof filterKeys)[number];

const isStatus = (value: string): value is BookingStatus =>
  (bookingStatuses as readonly string[]).includes(value);

export function filtersFromQuery(params: URLSearchParams): BookingFilters {
  const status = params.get('status') ?? '';
  const packageId = params.get('packageId') ?? '';
  return {
    status: isStatus(status) ? status : '',
    payment: (paymentStates as readonly string[]).includes(params.get('payment') ?? '')
      ? (params.get('payment') as PaymentState)
      : '',
    packageId,
    // A departure belongs to a package: without one the departure filter means nothing.
    departureId: packageId ? (params.get('departureId') ?? '') : '',
    q: (params.get('q') ?? '').trim(),
  };
}

// The next query after one filter changes; other query keys are kept. A new package clears the
// departure, which belonged to the old one.
export function withFilter(params: URLSearchParams, key: FilterKey, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = key === 'q' ? value.trim() : value;
  if (trimmed) next.set(key, trimmed);
  else next.delete(key);
  if (key === 'packageId') next.delete('departureId');
  return next;
}

export function toApiFilters(filters: BookingFilters): AdminBookingFilters {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.payment ? { payment: filters.payment } : {}),
    ...(filters.packageId ? { packageId: filters.packageId } : {}),
    ...(filters.departureId ? { departureId: filters.departureId } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  };
}

export const hasFilters = (filters: BookingFilters) => filterKeys.some((key) => filters[key] !== '');
