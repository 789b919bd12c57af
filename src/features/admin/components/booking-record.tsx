import { Link } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { paths } from '~/config/paths';
import { BookingActions } from '~/features/admin/components/booking-actions';
import { MoveAnswerForParty } from '~/features/admin/components/move-answer-for-party';
import { BookingHistory } from '~/features/admin/components/booking-history';
import { ChangeBookingPanel } from '~/features/admin/components/change-booking-panel';
import { Flash } from '~/features/admin/components/flash';
import { StatusBadge } from '~/components/status-badge';
import { NoteForm } from '~/features/admin/components/note-form';
import { LedgerPanel } from '~/features/admin/components/ledger-panel';
import { useAdminBooking } from '~/features/admin/hooks/use-admin-booking';
import { useFlash } from '~/features/admin/hooks/use-flash';
import { formatTripDate, plural } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { ApiError, failureMessage } from '~/lib/api-client';
import { Moment } from '~/components/moment';
import { telHref } from '#contracts/phone';
import { languageNamesInEnglish } from '#contracts/language';

const headingId = 'admin-booking-heading';

// /admin/bookings/:id: what was booked, by whom, and every change since.
export function BookingRecord({ bookingId }: { bookingId: string }) {
  const { record, retry, changed } = useAdminBooking(bookingId);
  const flash = useFlash();

  const back = (
    <p className="admin-back">
      <Link to={paths.adminBookings}>
        <span aria-hidden="true">← </span>All bookings
      </Link>
    </p>
  );

  if (record.status === 'loading') {
    return (
      <>
        {back}
        <div className="admin-panel admin-panel__pad admin-loading" role="status">
          <span className="spinner__ring" aria-hidden="true" />
          <span className="sr-only">Loading the booking…</span>
        </div>
      </>
    );
  }
  if (record.status === 'error') {
    const notFound = record.error instanceof ApiError && record.error.kind === 'not-found';
    return (
      <>
        {back}
        {notFound ? (
          <div className="admin-empty">
            <h1 className="admin-empty__title">Booking not found</h1>
            <p>There is no booking with this address. It may have been mistyped.</p>
            <Link className="button button--primary" to={paths.adminBookings}>
              See all bookings
            </Link>
          </div>
        ) : (
          <ErrorNotice
            message={failureMessage(record.error, 'The booking could not be loaded.')}
            onRetry={retry}
          />
        )}
      </>
    );
  }

  const { booking, events } = record;
  return (
    <>
      {back}
      <div className="admin-head">
        <div>
          <p className="admin-kicker">Booking</p>
          <h1 className="admin-title admin-title--ref" id={headingId} tabIndex={-1}>
            {booking.reference} <StatusBadge status={booking.status} />
          </h1>
          <p className="admin-lead">
            {booking.name} · {booking.packageName} · {formatTripDate(booking.startsOn)}
          </p>
        </div>
        <div className="admin-head__actions">
          <BookingActions
            booking={booking}
            showReference={false}
            returnFocusId={headingId}
            onChanged={(updated, message) => {
              changed(updated);
              flash.show(message);
            }}
          />
        </div>
      </div>
      <Flash message={flash.message} />
      {booking.moveOffer ? (
        <MoveAnswerForParty
          booking={booking}
          onChanged={(updated, message) => {
            changed(updated);
            flash.show(message);
          }}
        />
      ) : null}
      <div className="admin-columns">
        <section className="admin-panel admin-panel__pad" aria-labelledby="admin-booking-details">
          <h2 id="admin-booking-details" className="admin-panel__title">
            Details
          </h2>
          <dl className="admin-dl">
            <dt>Traveller</dt>
            <dd>{booking.name}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${booking.email}`}>{booking.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={telHref(booking.phone)}>{booking.phone}</a>
            </dd>
            <dt>Address</dt>
            <dd>{booking.address}</dd>
            {/* The site's language it was made in: its emails are written in it, and the
                traveller may prefer to be called in it (English for one made before it was kept). */}
            <dt>Language</dt>
            <dd>{languageNamesInEnglish[booking.language ?? 'en']}</dd>
            <dt>Package</dt>
            <dd>{booking.packageName}</dd>
            <dt>Departure</dt>
            <dd>
              {booking.departureId ? (
                <Link to={paths.adminManifest(booking.departureId)}>{formatTripDate(booking.startsOn)}</Link>
              ) : (
                formatTripDate(booking.startsOn)
              )}
            </dd>
            <dt>Travellers</dt>
            <dd>{plural(booking.travellers, 'traveller')}</dd>
            <dt>Price</dt>
            <dd>{formatPrice(booking.price)} a person</dd>
            <dt>Total</dt>
            <dd className="admin-strong">{formatPrice(booking.total)}</dd>
            <dt>Booked</dt>
            <dd>
              <Moment iso={booking.createdAt} />
            </dd>
            <dt>Last change</dt>
            <dd>
              <Moment iso={booking.updatedAt} />
            </dd>
            {booking.cancelReason && (
              <>
                <dt>Cancelled because</dt>
                <dd>{booking.cancelReason}</dd>
              </>
            )}
          </dl>
          <h3 className="admin-panel__title admin-booking__travellers-title">
            Travellers{' '}
            <span className="admin-muted">
              ({booking.detailsComplete ? 'details complete' : 'details incomplete'})
            </span>
          </h3>
          <ol className="admin-booking__travellers">
            {booking.guests.map((g, i) => (
              <li key={i}>
                <span className="admin-strong">{g.fullName || `Traveller ${i + 1} (no name yet)`}</span>
                {/* One line under the name, its facts between dots (never a dot opening the line). */}
                {travellerFacts(g) ? <span className="admin-sub">{travellerFacts(g)}</span> : null}
              </li>
            ))}
          </ol>
        </section>
        <LedgerPanel
          booking={booking}
          onRecorded={(updated, message) => {
            changed(updated);
            flash.show(message);
          }}
        />
        <ChangeBookingPanel
          booking={booking}
          onChanged={(updated, message) => {
            changed(updated);
            flash.show(message);
          }}
        />
        <section className="admin-panel admin-panel__pad" aria-labelledby="admin-booking-history">
          <h2 id="admin-booking-history" className="admin-panel__title">
            History
          </h2>
          <BookingHistory events={events} />
          <NoteForm
            bookingId={booking.id}
            onAdded={() => {
              flash.show('Note added. Only the team can see it.');
              changed(booking);
            }}
          />
        </section>
      </div>
    </>
  );
}

// "Present · Dietary: vegetarian · Medical: asthma", or '' with nothing to say.
export const travellerFacts = (g: {
  checkIn?: string | null;
  dietary?: string | null;
  medical?: string | null;
}) =>
  [
    g.checkIn ? (g.checkIn === 'present' ? 'Present' : 'No-show') : null,
    g.dietary ? `Dietary: ${g.dietary}` : null,
    g.medical ? `Medical: ${g.medical}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
