import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogTitle } from '~/components/dialog';
import { SelectField } from '~/components/field';
import { bookingLimits, cancellableOnline } from '#contracts/booking';
import { droppedTravellersWarning } from '#contracts/guests';
import { getDepartures } from '~/lib/departures-api';
import { ApiError, failureMessage } from '~/lib/api-client';
import { daysUntil, formatTripDate, plural } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { lastOnlineChangeWarning } from '#contracts/terms';
import { cancellationCutoffDays } from '~/features/booking/utils/my-trips';
import type { Booking, Departure } from '#contracts/api';
import { TravellersField } from '~/components/travellers-field';

type ChangeBookingDialogProps = {
  booking: Booking;
  // Calls the API; an ApiError's message is shown inside the dialog as it is.
  onConfirm: (booking: Booking, change: { departureId?: string; travellers: number }) => Promise<Booking>;
  onChanged: (updated: Booking) => void;
  onClose: () => void;
};

// The seats this booking could have on `d`: its own count on its own date, plus what is free.
const roomFor = (booking: Booking, d: Departure) =>
  d.seatsLeft + (d.id === booking.departureId ? booking.travellers : 0);

// Another date of the same trip and another party size, with the seats and the new total shown
// before confirming. A Dialog (src/components/dialog.tsx), like CancelBookingDialog.
export function ChangeBookingDialog({ booking, onConfirm, onChanged, onClose }: ChangeBookingDialogProps) {
  const busyRef = useRef(false);
  const [departures, setDepartures] = useState<Departure[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [departureId, setDepartureId] = useState(booking.departureId ?? '');
  const [travellersRaw, setTravellersRaw] = useState(String(booking.travellers));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    getDepartures(booking.packageId, controller.signal).then(
      (list) => setDepartures(list),
      (err: unknown) => {
        if (!controller.signal.aborted) {
          setLoadError(failureMessage(err, 'The dates could not be loaded.'));
        }
      },
    );
    return () => controller.abort();
  }, [booking.packageId]);

  const travellers = Number(travellersRaw);
  const validParty =
    travellersRaw.trim() !== '' &&
    Number.isInteger(travellers) &&
    travellers >= bookingLimits.travellersMin &&
    travellers <= bookingLimits.travellersMax;
  const target = departures?.find((d) => d.id === departureId);
  const room = target ? roomFor(booking, target) : null;
  const fits = room === null || (validParty && travellers <= room);
  const unchanged = departureId === (booking.departureId ?? '') && travellers === booking.travellers;

  const close = () => {
    if (!busyRef.current) onClose();
  };

  const confirm = async () => {
    if (busyRef.current || !validParty) return;
    busyRef.current = true;
    setBusy(true);
    setError('');
    try {
      const updated = await onConfirm(booking, {
        ...(departureId && departureId !== booking.departureId ? { departureId } : {}),
        travellers,
      });
      onChanged(updated);
    } catch (err) {
      setError(failureMessage(err, 'The booking could not be changed. Please try again.'));
      // The seats moved meanwhile: show them as they are now.
      if (err instanceof ApiError && err.status === 409) {
        void getDepartures(booking.packageId).then(setDepartures, () => {});
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const dropped = validParty ? droppedTravellersWarning(booking.guests, travellers) : undefined;
  // Moving to a date inside the cutoff is allowed, but it is the last change made online: say so first.
  const lastChange =
    target &&
    target.id !== booking.departureId &&
    !cancellableOnline(daysUntil(target.startsOn), cancellationCutoffDays)
      ? lastOnlineChangeWarning(formatTripDate(target.startsOn), cancellationCutoffDays)
      : undefined;
  const partyError = !validParty
    ? `Choose ${bookingLimits.travellersMin} to ${bookingLimits.travellersMax} travellers.`
    : !fits && room !== null
      ? `Only ${plural(room, 'seat')} for you on this date.`
      : undefined;

  return (
    <Dialog className="dialog" onClose={onClose} busy={busy}>
      <DialogTitle className="dialog__title">Change this booking</DialogTitle>
      <p className="dialog__trip">
        <strong>{booking.packageName}</strong>
        <br />
        {formatTripDate(booking.startsOn)} · {plural(booking.travellers, 'traveller')} ·{' '}
        <span className="summary__ref">{booking.reference}</span>
      </p>
      <form
        className="form change-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
      >
        {departures === null && !loadError ? <p role="status">Loading the dates…</p> : null}
        {loadError ? <p className="form-error">{loadError}</p> : null}
        {departures ? (
          <SelectField
            label="Departure date"
            name="departureId"
            value={departureId}
            onChange={(e) => setDepartureId(e.target.value)}
          >
            {booking.departureId === null ? <option value="">Date to be agreed</option> : null}
            {departures.map((d) => {
              const own = d.id === booking.departureId;
              const seats = roomFor(booking, d);
              return (
                <option key={d.id} value={d.id} disabled={!own && (d.status !== 'open' || seats === 0)}>
                  {formatTripDate(d.startsOn)} —{' '}
                  {own
                    ? 'your date'
                    : d.status !== 'open'
                      ? 'closed'
                      : seats === 0
                        ? 'sold out'
                        : `${plural(seats, 'seat')} left`}
                </option>
              );
            })}
          </SelectField>
        ) : null}
        <TravellersField
          name="travellers"
          value={travellersRaw}
          onChange={(e) => setTravellersRaw(e.target.value)}
          error={partyError}
        />
        {dropped ? (
          <p className="change-form__warning" role="status">
            {dropped}
          </p>
        ) : null}
        {lastChange ? (
          <p className="change-form__warning" role="status">
            {lastChange}
          </p>
        ) : null}
        <dl className="change-form__summary" aria-live="polite">
          <div>
            <dt>Seats for you on that date</dt>
            <dd>{room === null ? '—' : room}</dd>
          </div>
          <div>
            <dt>New total</dt>
            <dd>
              {validParty ? (
                <>
                  {travellers} × {formatPrice(booking.price)} ={' '}
                  <strong>{formatPrice(booking.price * travellers)}</strong>
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        <p className="form-error" role="alert">
          {error}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--outline" onClick={close}>
            Keep as it is
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={unchanged || !fits || !validParty}
          >
            {busy ? 'Changing…' : 'Confirm change'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
