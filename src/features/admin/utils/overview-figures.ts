// The overview's words: each chart's summary (its text alternative) and the labels the charts
// share, computed from GET /api/admin/overview's answer.
import type { OverviewDeparture, OverviewWeek } from '#contracts/overview';
import { formatCount, formatTripDate, plural, pluralWord, tripDateParts } from '#contracts/format';
import { daysBetween } from '#contracts/iso-dates';

// Seats per kind, in the order the charts stack them and the tables list them.
export const seatKinds = ['confirmed', 'requested', 'offered', 'free'] as const;
export type SeatKind = (typeof seatKinds)[number];
export const seatKindLabels: Record<SeatKind, string> = {
  confirmed: 'Confirmed',
  requested: 'Requested',
  offered: 'Offered',
  free: 'Free',
};

export const count = formatCount;

// "12 Dec": a chart's label, where the year is the caption's.
export function shortDate(iso: string): string {
  const p = tripDateParts(iso);
  return p ? `${p.day} ${p.month}` : iso;
}

// Seats that are not for sale any more: booked, or held for an offer.
export const taken = (d: OverviewDeparture) => d.confirmed + d.requested + d.offered;

export function seatsSummary(departures: OverviewDeparture[], from: string, to: string): string {
  const range = `from ${formatTripDate(from)} to ${formatTripDate(to)}`;
  if (departures.length === 0) return `No departures ${range}.`;
  const sum = (k: 'confirmed' | 'requested' | 'offered' | 'free' | 'capacity') =>
    departures.reduce((n, d) => n + d[k], 0);
  const share = (d: OverviewDeparture) => taken(d) / d.capacity;
  // The fullest and emptiest of the dates still sold: a closed one's seats are its parties' until
  // they answer a move, not demand.
  const open = departures.filter((d) => d.status !== 'closed');
  const ranked = open.length > 0 ? open : departures;
  const fullest = ranked.reduce((a, b) => (share(b) > share(a) ? b : a));
  const emptiest = ranked.reduce((a, b) => (share(b) < share(a) ? b : a));
  const of = (d: OverviewDeparture) =>
    `${d.packageName} on ${formatTripDate(d.startsOn)}, ${taken(d)} of ${d.capacity} taken`;
  return (
    `${plural(departures.length, 'departure')} ${range}: ${count(sum('confirmed'))} ${pluralWord(sum('confirmed'), 'seat')} confirmed, ` +
    `${count(sum('requested'))} requested, ${count(sum('offered'))} offered and ${count(sum('free'))} free, ` +
    `of ${count(sum('capacity'))}. Fullest: ${of(fullest)}.` +
    (ranked.length > 1 ? ` Emptiest: ${of(emptiest)}.` : '')
  );
}

export function weeksSummary(weeks: OverviewWeek[]): string {
  const bookings = weeks.reduce((n, w) => n + w.bookings, 0);
  const travellers = weeks.reduce((n, w) => n + w.travellers, 0);
  const busiest = weeks.reduce((a, b) => (b.bookings > a.bookings ? b : a), weeks[0]!);
  const thisWeek = weeks.at(-1)!;
  const lastWeek = weeks.at(-2);
  return (
    `${plural(bookings, 'booking')} (${plural(travellers, 'traveller')}) in the last ${weeks.length} weeks.` +
    (bookings > 0
      ? ` Busiest: the week of ${formatTripDate(busiest.weekStart)}, with ${plural(busiest.bookings, 'booking')}.`
      : '') +
    ` This week so far: ${count(thisWeek.bookings)}` +
    (lastWeek ? `; last week: ${count(lastWeek.bookings)}.` : '.')
  );
}

export function waitingSummary(waiting: OverviewDeparture[]): string {
  if (waiting.length === 0) return 'Nobody is waiting for a seat in the next six months.';
  const travellers = waiting.reduce((n, d) => n + d.waiting, 0);
  const most = waiting[0]!;
  return (
    `${plural(travellers, 'traveller')} waiting for seats on ${plural(waiting.length, 'departure')}. ` +
    `Most on ${most.packageName}, ${formatTripDate(most.startsOn)}: ${count(most.waiting)} waiting, ${count(most.free)} seats free.`
  );
}

// "in 12 days", "today", "3 days ago": how long is left to decide.
export function decideIn(today: string, decideBy: string): string {
  const days = daysBetween(today, decideBy);
  if (days === 0) return 'today';
  return days > 0 ? `in ${plural(days, 'day')}` : `${plural(-days, 'day')} ago`;
}
