import { useEffect, useRef, useState } from 'react';
import { Dialog, DialogTitle } from '~/components/dialog';
import { SelectField } from '~/components/field';
import { bookingLimits, cancellableOnline } from '#contracts/booking';
import { droppedTravellersWarning } from '#contracts/guests';
import { getDepartures } from '~/lib/departures-api';
import { ApiError, failureMessage } from '~/lib/api-client';
import { daysUntil, formatTripDate } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { lastOnlineChangeWarning } from '#contracts/terms';
import { cancellationCutoffDays } from '~/features/booking/utils/my-trips';
import type { Booking, Departure } from '#contracts/api';
import { TravellersField } from '~/components/travellers-field';
import { useT } from '~/lib/i18n';
import { useShownPackageName } from '~/lib/package-names';

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
  // In the page's language (dates, money, counts), the server's refusals too where the catalogue
  // has them.
  const { t, tp, known, language } = useT();
  const packageName = useShownPackageName(booking.packageId, booking.packageName);
  const date = (iso: string | null) => formatTripDate(iso, language);
  const price = (amount: number) => formatPrice(amount, language);

  useEffect(() => {
    const controller = new AbortController();
    getDepartures(booking.packageId, controller.signal).then(
      (list) => setDepartures(list),
      (err: unknown) => {
        if (!controller.signal.aborted) {
          setLoadError(known(failureMessage(err, t('The dates could not be loaded.'))));
        }
      },
    );
    return () => controller.abort();
  }, [booking.packageId, known, t]);

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
      setError(known(failureMessage(err, t('The booking could not be changed. Please try again.'))));
      // The seats moved meanwhile: show them as they are now.
      if (err instanceof ApiError && err.status === 409) {
        void getDepartures(booking.packageId).then(setDepartures, () => {});
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const dropped = validParty ? droppedTravellersWarning(booking.guests, travellers, language) : undefined;
  // Moving to a date inside the cutoff is allowed, but it is the last change made online: say so first.
  const lastChange =
    target &&
    target.id !== booking.departureId &&
    !cancellableOnline(daysUntil(target.startsOn), cancellationCutoffDays)
      ? lastOnlineChangeWarning(date(target.startsOn), cancellationCutoffDays, language)
      : undefined;
  const partyError = !validParty
    ? t('Choose {min} to {max} travellers.', {
        min: bookingLimits.travellersMin,
        max: bookingLimits.travellersMax,
      })
    : !fits && room !== null
      ? tp(room, 'Only {count} seat for you on this date.', 'Only {count} seats for you on this date.')
      : undefined;

  return (
    <Dialog className="dialog" onClose={onClose} busy={busy}>
      <DialogTitle className="dialog__title">{t('Change this booking')}</DialogTitle>
      <p className="dialog__trip">
        <strong lang={packageName.lang}>{packageName.text}</strong>
        <br />
        {date(booking.startsOn)} · {tp(booking.travellers, '{count} traveller', '{count} travellers')} ·{' '}
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
        {departures === null && !loadError ? <p role="status">{t('Loading the dates…')}</p> : null}
        {loadError ? <p className="form-error">{loadError}</p> : null}
        {departures ? (
          <SelectField
            label={t('Departure date')}
            name="departureId"
            value={departureId}
            onChange={(e) => setDepartureId(e.target.value)}
          >
            {booking.departureId === null ? <option value="">{t('Date to be agreed')}</option> : null}
            {departures.map((d) => {
              const own = d.id === booking.departureId;
              const seats = roomFor(booking, d);
              return (
                <option key={d.id} value={d.id} disabled={!own && (d.status !== 'open' || seats === 0)}>
                  {date(d.startsOn)} —{' '}
                  {own
                    ? t('your date')
                    : d.status !== 'open'
                      ? t('closed')
                      : seats === 0
                        ? t('sold out')
                        : tp(seats, '{count} seat left', '{count} seats left')}
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
            <dt>{t('Seats for you on that date')}</dt>
            <dd>{room === null ? '—' : room}</dd>
          </div>
          <div>
            <dt>{t('New total')}</dt>
            <dd>
              {validParty ? (
                <>
                  {travellers} × {price(booking.price)} = <strong>{price(booking.price * travellers)}</strong>
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
            {t('Keep as it is')}
          </button>
          <button
            type="submit"
            className="button button--primary"
            disabled={unchanged || !fits || !validParty}
          >
            {busy ? t('Changing…') : t('Confirm change')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
