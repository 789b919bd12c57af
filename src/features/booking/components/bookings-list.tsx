import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorNotice } from '~/components/error-notice';
import { Spinner } from '~/components/spinner';
import { paths } from '~/config/paths';
import { cancelBooking, changeBooking } from '~/features/booking/api/bookings-api';
import { getWaitlist } from '~/features/booking/api/waitlist-api';
import { BookingSummary } from '~/features/booking/components/booking-summary';
import { CancelBookingDialog } from '~/features/booking/components/cancel-booking-dialog';
import { ChangeBookingDialog } from '~/features/booking/components/change-booking-dialog';
import { MoveOfferPanel } from '~/features/booking/components/move-offer';
import { PaymentReturn } from '~/features/booking/components/payment-return';
import { WaitlistEntries } from '~/features/booking/components/waitlist-entries';
import { useBookings } from '~/features/booking/hooks/use-bookings';
import { useAuth } from '~/lib/auth';
import { useAsyncData } from '~/lib/use-async-data';
import {
  cancellationCutoffDays,
  cancelOption,
  completeLabel,
  detailsOption,
  groupTrips,
} from '~/features/booking/utils/my-trips';
import { failureMessage } from '~/lib/api-client';
import { site } from '~/lib/site';
import { formatTripDate } from '#contracts/format';
import { useT } from '~/lib/i18n';
import type { Booking, WaitlistEntry } from '#contracts/api';

function ContactUs() {
  const { t } = useT();
  return (
    <p className="summary__contact">
      {t(
        'Your trip starts within {days} days, so it can no longer be cancelled online. To change or cancel it, call us on ',
        { days: cancellationCutoffDays },
      )}
      <a href={site.phoneHref}>{site.phone}</a>
      {t(' or email ')}
      <a href={`mailto:${site.email}`}>{site.email}</a>.
    </p>
  );
}

// "2 of 4 travellers complete", and the way to the travellers' details form while it is open.
function TravellersStatus({ booking, canEdit }: { booking: Booking; canEdit: boolean }) {
  const { t, to, language } = useT();
  const reference = { reference: booking.reference };
  return (
    <div className="summary__travellers">
      <p className="summary__progress" data-complete={booking.detailsComplete}>
        <span className="summary__progress-mark" aria-hidden="true">
          {booking.detailsComplete ? '✓' : '!'}
        </span>
        {completeLabel(booking, language)}
      </p>
      {canEdit ? (
        <Link
          className={`button ${booking.detailsComplete ? 'button--outline' : 'button--primary'}`}
          to={to(paths.travellers(booking.id))}
          aria-label={
            booking.detailsComplete
              ? t('Edit travellers’ details for {reference}', reference)
              : t('Add travellers’ details for {reference}', reference)
          }
        >
          {booking.detailsComplete ? t('Edit travellers’ details') : t('Add travellers’ details')}
        </Link>
      ) : (
        // Inside the details cutoff: what was given can still be read, and the way to change it.
        <>
          <p className="summary__note">
            {t('The details can no longer be changed online: call or email us below to change them.')}
          </p>
          <Link
            className="button button--outline"
            to={to(paths.travellers(booking.id))}
            aria-label={t('View travellers’ details for {reference}', reference)}
          >
            {t('View travellers’ details')}
          </Link>
        </>
      )}
    </div>
  );
}

// The signed-in user's own bookings, grouped the way a traveller plans (see groupTrips), each
// with what can be done about it: cancel online, or how to reach us past the cutoff.
export function BookingsList() {
  const { state, retry, refresh } = useBookings();
  const waitlist = useAsyncData('waitlist', getWaitlist);
  const auth = useAuth();
  // In the page's language (/es/bookings: docs/decisions/071-translation-layer.md); the server's
  // messages too where the catalogue has them.
  const { t, tp, known, to, language } = useT();
  // Answers from the cancel and change calls, over the list as loaded: the page changes without a
  // reload. Bookings made by accepting an offer join the list the same way.
  const [updates, setUpdates] = useState<Record<string, Booking>>({});
  const [added, setAdded] = useState<Booking[]>([]);
  const [entryUpdates, setEntryUpdates] = useState<Record<string, WaitlistEntry>>({});
  const [changing, setChanging] = useState<Booking | null>(null);
  const [justChanged, setJustChanged] = useState<string | null>(null);
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const [justCancelled, setJustCancelled] = useState<string | null>(null);
  // The answer just given to a moved departure's offer, per booking.
  const [answered, setAnswered] = useState<Record<string, 'accept' | 'decline'>>({});
  const [open, setOpen] = useState<Booking | null>(null);
  // Where focus goes once a dialog has gone: back to the button that opened it, or to the booking
  // card when the booking changed (its buttons may be gone, or it moved to another group). Never
  // to a neighbouring button: after Change, the next one is "Cancel booking".
  const focusNext = useRef<{ id: string; button?: 'change' | 'cancel' } | null>(null);

  useEffect(() => {
    if (open || changing || !focusNext.current) return;
    const { id, button } = focusNext.current;
    const target =
      (button ? document.querySelector<HTMLElement>(`[data-${button}-for="${id}"]`) : null) ??
      document.getElementById(`booking-${id}`);
    focusNext.current = null;
    target?.focus();
  });

  if (state.status === 'loading') return <Spinner label={t('Loading your bookings…')} />;
  if (state.status === 'error') {
    const message = known(failureMessage(state.error, t('Your bookings could not be loaded.')));
    return <ErrorNotice message={message} onRetry={retry} />;
  }
  const entries = (waitlist.state.status === 'success' ? waitlist.state.data : []).map(
    (e) => entryUpdates[e.id] ?? e,
  );
  const user = auth.status === 'signed-in' ? auth.user : null;
  const last = [...added, ...state.data][0];
  // Accept is prefilled from the account and the last booking's details.
  const prefill = {
    name: last?.name ?? user?.displayName ?? '',
    email: user?.email ?? last?.email ?? '',
    address: last?.address ?? '',
    phone: last?.phone ?? '',
  };
  const waitlistSection =
    entries.length > 0 ? (
      <WaitlistEntries
        entries={entries}
        prefill={prefill}
        onUpdated={(entry) => setEntryUpdates((u) => ({ ...u, [entry.id]: entry }))}
        onBooked={(booking, entry) => {
          setAdded((a) => [booking, ...a.filter((b) => b.id !== booking.id)]);
          setEntryUpdates((u) => ({
            ...u,
            [entry.id]: { ...entry, status: 'booked', bookingId: booking.id },
          }));
        }}
      />
    ) : null;

  if (state.data.length === 0 && added.length === 0) {
    return (
      <>
        <div className="empty-state">
          <h2>{t('No trips booked yet')}</h2>
          <p>
            {t(
              'When you book a package, it appears here with its reference, so you always have it to hand.',
            )}
          </p>
          <Link className="button button--primary" to={to(paths.home)}>
            {t('Browse packages')}
          </Link>
        </div>
        {/* Beside the empty card, not inside it: waiting for seats is not "no trips". */}
        {waitlistSection}
      </>
    );
  }

  const bookings = [...added.filter((a) => !state.data.some((b) => b.id === a.id)), ...state.data].map(
    (b) => updates[b.id] ?? b,
  );
  const groups = groupTrips(bookings);

  const close = () => {
    if (open) focusNext.current ??= { id: open.id, button: 'cancel' };
    setOpen(null);
  };

  return (
    <>
      <PaymentReturn bookings={bookings} refresh={refresh} />
      <p className="section__lead">
        {tp(bookings.length, '{count} booking: your next trip first.', '{count} bookings: your next trip first.')}
      </p>
      {groups.map((group) => (
        <section key={group.key} className="trips" aria-labelledby={`trips-${group.key}`}>
          <h2 className="trips__title" id={`trips-${group.key}`}>
            {known(group.title)}
          </h2>
          <ol className="bookings">
            {group.bookings.map((booking) => {
              const option = refused.has(booking.id) ? 'contact' : cancelOption(booking);
              const details = detailsOption(booking);
              const done = justCancelled === booking.id;
              return (
                <li key={booking.id}>
                  <BookingSummary booking={booking} headingLevel={3}>
                    {done ||
                    option !== 'none' ||
                    details !== 'none' ||
                    booking.moveOffer ||
                    answered[booking.id] ? (
                      <>
                        {booking.moveOffer ? (
                          <MoveOfferPanel
                            booking={{ ...booking, moveOffer: booking.moveOffer }}
                            onAnswered={(updated, kind) => {
                              setUpdates((u) => ({ ...u, [updated.id]: updated }));
                              setAnswered((a) => ({ ...a, [updated.id]: kind }));
                              focusNext.current = { id: updated.id };
                            }}
                          />
                        ) : null}
                        {answered[booking.id] === 'accept' ? (
                          <p className="summary__done" role="status">
                            {t('Moved to {date}. We have emailed you the new date with a calendar file.', {
                              date: formatTripDate(booking.startsOn, language),
                            })}
                          </p>
                        ) : null}
                        {answered[booking.id] === 'decline' ? (
                          <p className="summary__done" role="status">
                            {t('Declined: your booking is cancelled and there is nothing to pay.')}
                          </p>
                        ) : null}
                        {details !== 'none' ? (
                          <TravellersStatus booking={booking} canEdit={details === 'edit'} />
                        ) : null}
                        {done ? (
                          <p className="summary__done" role="status">
                            {t('Cancelled. Your places are free again for other travellers.')}
                          </p>
                        ) : null}
                        {justChanged === booking.id ? (
                          <p className="summary__done" role="status">
                            {t('Changed. We have emailed you the booking as it is now.')}
                          </p>
                        ) : null}
                        {option === 'cancel' && !booking.moveOffer ? (
                          <button
                            type="button"
                            className="button button--outline"
                            data-change-for={booking.id}
                            onClick={() => setChanging(booking)}
                          >
                            {t('Change')}
                          </button>
                        ) : null}
                        {option === 'cancel' ? (
                          <button
                            type="button"
                            className="button button--outline-danger"
                            data-cancel-for={booking.id}
                            onClick={() => setOpen(booking)}
                          >
                            {t('Cancel booking')}
                          </button>
                        ) : null}
                        {option === 'contact' ? <ContactUs /> : null}
                      </>
                    ) : null}
                  </BookingSummary>
                </li>
              );
            })}
          </ol>
        </section>
      ))}
      {waitlistSection}
      {changing ? (
        <ChangeBookingDialog
          booking={changing}
          onConfirm={(b, change) => changeBooking(b.id, change)}
          onChanged={(updated) => {
            setUpdates((u) => ({ ...u, [updated.id]: updated }));
            setJustChanged(updated.id);
            focusNext.current = { id: updated.id };
            setChanging(null);
          }}
          onClose={() => {
            focusNext.current ??= { id: changing.id, button: 'change' };
            setChanging(null);
          }}
        />
      ) : null}
      {open ? (
        <CancelBookingDialog
          booking={open}
          onConfirm={(b) => cancelBooking(b.id)}
          onCancelled={(updated) => {
            setUpdates((u) => ({ ...u, [updated.id]: updated }));
            setJustCancelled(updated.id);
            // Its button is gone and the booking moved to "Cancelled": focus follows it there.
            focusNext.current = { id: updated.id };
            setOpen(null);
          }}
          onRefused={(b) => setRefused((r) => new Set(r).add(b.id))}
          onClose={close}
        />
      ) : null}
    </>
  );
}
