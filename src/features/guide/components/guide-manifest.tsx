import { useState } from 'react';
import { Link } from 'react-router';
import { formatTripDate } from '#contracts/format';
import { telHref } from '#contracts/phone';
import { GuestCareFacts } from '~/components/guest-care-facts';
import { ErrorNotice } from '~/components/error-notice';
import { paths } from '~/config/paths';
import { checkIn, getGuideManifest, guidePaths } from '~/features/guide/guide-api';
import { useGuideData } from '~/features/guide/use-guide-data';
import type { Manifest } from '#contracts/api';
import type { CheckInState } from '#contracts/check-in';
import { CheckInButtons, checkInMessage } from '~/components/check-in-buttons';

// One departure at the meeting point, on a phone held in one hand: each traveller with what the
// guide needs (dietary, medical, whom to call) and two large buttons, Present and No-show. A
// second tap on the pressed one clears it.
export function GuideManifest({ departureId }: { departureId: string }) {
  const load = (signal: AbortSignal) => getGuideManifest(departureId, signal);
  const { state, setState, retry } = useGuideData<Manifest>(guidePaths.manifest(departureId), load);
  const [pending, setPending] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  if (state.status === 'loading') {
    return (
      <p role="status" className="guide container guide__quiet">
        Loading the manifest…
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="guide container">
        {state.forbidden ? (
          <p className="guide__quiet">This departure is not one of yours.</p>
        ) : (
          <ErrorNotice message={state.message} onRetry={retry} />
        )}
        <Link className="guide__back" to={paths.guide}>
          Your departures
        </Link>
      </div>
    );
  }
  const manifest = state.data;
  const tick = async (bookingId: string, index: number, next: CheckInState | null) => {
    const key = `${bookingId}:${index}`;
    if (pending) return;
    setPending(key);
    try {
      const updated = await checkIn(bookingId, index, next);
      setState({
        status: 'ready',
        data: {
          ...manifest,
          bookings: manifest.bookings.map((b) => (b.id === bookingId ? { ...b, guests: updated.guests } : b)),
        },
      });
      const name = updated.guests[index]?.fullName || `Traveller ${index + 1}`;
      setMessage(checkInMessage(name, next));
    } catch (error) {
      setMessage(
        error instanceof Error ? error.message : 'The check-in could not be saved. Please try again.',
      );
    } finally {
      setPending(null);
    }
  };
  const guests = manifest.bookings.flatMap((b) => b.guests);
  const present = guests.filter((g) => g.checkIn === 'present').length;
  const { departure } = manifest;

  return (
    <div className="guide container">
      <Link className="guide__back" to={paths.guide}>
        Your departures
      </Link>
      <h1 className="guide__title">
        {departure.packageName}
        <span className="guide__date">{formatTripDate(departure.startsOn)}</span>
      </h1>
      {departure.status === 'closed' ? (
        <p className="guide__closed">
          <span className="guide-card__closed">Closed</span> This date will not run as it stands: the brand
          closed it or moved its travellers to another date.
        </p>
      ) : null}
      <p className="guide__summary">
        {present} of {guests.length} present
      </p>
      <p className="guide__status" role="status">
        {message}
      </p>
      <ol className="guide-people">
        {manifest.bookings.flatMap((booking) =>
          booking.guests.map((guest, index) => {
            const label = guest.fullName || `Traveller ${index + 1} of ${booking.reference}`;
            const key = `${booking.id}:${index}`;
            return (
              <li key={key} className="guide-person" data-check-in={guest.checkIn ?? 'none'}>
                <p className="guide-person__name">{label}</p>
                <p className="guide-person__party">
                  {booking.reference} · {booking.name} · <a href={telHref(booking.phone)}>{booking.phone}</a>
                </p>
                <dl className="guide-person__facts">
                  <GuestCareFacts guest={guest} />
                </dl>
                <CheckInButtons
                  block="guide"
                  label={label}
                  checkIn={guest.checkIn}
                  busy={pending === key}
                  onTick={(next) => void tick(booking.id, index, next)}
                />
              </li>
            );
          }),
        )}
      </ol>
    </div>
  );
}
