import { bookingStatusLabels, type BookingStatus } from '#contracts/booking';
import { Moment } from '~/components/moment';
import { formatDeadline, formatTripDate } from '#contracts/format';
import type { AuditEvent } from '#contracts/api';

const actionLabels: Record<string, string> = {
  'booking.created': 'Booking requested',
  'booking.confirmed': 'Booking confirmed',
  'booking.cancelled': 'Booking cancelled',
  'booking.message': 'Message sent to the traveller',
  'booking.reminder': 'Reminder sent',
  'guests.updated': 'Travellers’ details updated',
  'guest.check-in': 'Check-in',
  'guests.erased': 'Sensitive details erased',
  'note.added': 'Internal note',
};

// Emails sent: the row's `to` is the email's subject, not a status.
const sentEmail = new Set(['booking.message', 'booking.reminder']);

const actorLabels: Record<AuditEvent['actorType'], string> = {
  traveller: 'Traveller',
  operator: 'Operator',
  system: 'System',
};

// Unknown actions still read as words: "booking.moved" -> "Booking moved". A booking staff
// entered as confirmed (server/src/admin/new-booking.ts) was never requested.
const actionLabel = (action: string, to: string | null) => {
  if (action === 'booking.created' && to === 'confirmed') return 'Booking made';
  const known = actionLabels[action];
  if (known) return known;
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

// A moment the trail stores as an ISO timestamp (a move offer's "held until ..."): read in the
// brand's zone, the zone named, as the emails and My bookings write deadlines (contracts/brand.ts).
const isoMoment = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;
const moments = (text: string) => text.replace(isoMoment, (iso) => formatDeadline(iso));

// A status by its label; a change's "2026-12-14, 3 travellers" with the date as the console shows dates.
const valueLabel = (value: string) =>
  bookingStatusLabels[value as BookingStatus] ??
  moments(value).replace(/^(\d{4}-\d{2}-\d{2})\b/, (iso) => formatTripDate(iso));

// Every change to the booking, oldest first: when, who, what, from -> to, and why.
export function BookingHistory({ events }: { events: AuditEvent[] }) {
  if (events.length === 0) return <p className="admin-muted">No changes recorded yet.</p>;
  return (
    <ol className="admin-timeline">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className={`admin-timeline__item admin-timeline__item--${e.to ?? 'none'}`}>
          <span className="admin-timeline__dot" aria-hidden="true" />
          <p className="admin-timeline__what">{actionLabel(e.action, e.to)}</p>
          <p className="admin-timeline__meta">
            <Moment iso={e.at} />
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, by </span>
            <span>
              {e.actor}{' '}
              <span className="admin-timeline__role">({actorLabels[e.actorType] ?? e.actorType})</span>
            </span>
          </p>
          {sentEmail.has(e.action) && e.to ? (
            <p className="admin-timeline__change">
              <span className="admin-timeline__reason-label">Subject:</span> {e.to}
            </p>
          ) : !e.from && e.to && e.action !== 'booking.created' ? (
            // What changed, in words (travellers' details, erasure): no "from" to show.
            <p className="admin-timeline__change">{moments(e.to)}</p>
          ) : e.from || (e.to && e.action === 'booking.created') ? (
            <p className="admin-timeline__change">
              {e.from ? valueLabel(e.from) : 'New'} <span aria-hidden="true">→</span>
              <span className="sr-only"> to </span> {e.to ? valueLabel(e.to) : '—'}
            </p>
          ) : null}
          {e.note ? <p className="admin-timeline__note">{e.note}</p> : null}
          {e.reason && (
            <p className="admin-timeline__reason">
              <span className="admin-timeline__reason-label">Reason:</span> {e.reason}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
