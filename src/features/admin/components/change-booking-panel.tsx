import { useEffect, useId, useState, type FormEvent } from 'react';
import { SelectField } from '~/components/field';
import { bookingLimits } from '#contracts/booking';
import { toGuaranteeLabel } from '#contracts/waitlist';
import { changeAdminBooking, listDepartures } from '~/features/admin/api/admin-api';
import { failureMessage } from '~/lib/api-client';
import { formatPrice } from '#contracts/price';
import { formatTripDate, plural } from '#contracts/format';
import { droppedTravellersWarning } from '#contracts/guests';
import type { AdminBooking, AdminDeparture } from '#contracts/api';
import { TravellersField } from '~/components/travellers-field';

type ChangeBookingPanelProps = {
  booking: AdminBooking;
  onChanged: (booking: AdminBooking, message: string) => void;
};

// The operator moves a booking to another date of its package or changes its party, with the
// seats and the new total in view (no cutoff: operators change bookings by phone too).
export function ChangeBookingPanel({ booking, onChanged }: ChangeBookingPanelProps) {
  const [departures, setDepartures] = useState<AdminDeparture[] | null>(null);
  const [departureId, setDepartureId] = useState(booking.departureId ?? '');
  const [travellersRaw, setTravellersRaw] = useState(String(booking.travellers));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    const controller = new AbortController();
    listDepartures(booking.packageId, controller.signal).then(setDepartures, (e: unknown) => {
      if (!controller.signal.aborted) setError(failureMessage(e, 'The dates could not be loaded.'));
    });
    return () => controller.abort();
  }, [booking.packageId, booking.departureId, booking.travellers]);

  useEffect(() => {
    setDepartureId(booking.departureId ?? '');
    setTravellersRaw(String(booking.travellers));
  }, [booking.departureId, booking.travellers]);

  const travellers = Number(travellersRaw);
  const validParty =
    Number.isInteger(travellers) &&
    travellers >= bookingLimits.travellersMin &&
    travellers <= bookingLimits.travellersMax;
  const target = departures?.find((d) => d.id === departureId);
  const room = target
    ? target.seatsLeft + (target.id === booking.departureId ? booking.travellers : 0)
    : null;
  const unchanged = departureId === (booking.departureId ?? '') && travellers === booking.travellers;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || unchanged || !validParty) return;
    setBusy(true);
    setError('');
    try {
      const updated = await changeAdminBooking(booking.id, {
        ...(departureId && departureId !== booking.departureId ? { departureId } : {}),
        travellers,
      });
      onChanged(
        updated,
        `${updated.reference} changed. The traveller gets an email with the new date, party and total.`,
      );
    } catch (e) {
      setError(failureMessage(e, 'The booking could not be changed.'));
    } finally {
      setBusy(false);
    }
  };

  const dropped = validParty ? droppedTravellersWarning(booking.guests, travellers) : undefined;
  if (booking.status === 'cancelled') return null;
  return (
    <section className="admin-panel admin-panel__pad" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-panel__title">
        Change
      </h2>
      <form className="admin-change" noValidate onSubmit={(e) => void submit(e)}>
        <SelectField
          label="Departure date"
          name="departureId"
          value={departureId}
          onChange={(e) => setDepartureId(e.target.value)}
          disabled={departures === null}
        >
          {booking.departureId === null ? <option value="">Date to be agreed</option> : null}
          {(departures ?? []).map((d) => (
            <option key={d.id} value={d.id}>
              {formatTripDate(d.startsOn)} — {d.status === 'closed' ? 'closed, ' : ''}
              {d.seatsLeft} left
              {d.guaranteed
                ? ', guaranteed'
                : d.toGuarantee > 0
                  ? `, ${toGuaranteeLabel(d.toGuarantee).replace(' to guarantee this date', ' to guarantee')}`
                  : ''}
            </option>
          ))}
        </SelectField>
        <TravellersField
          name="travellers"
          value={travellersRaw}
          onChange={(e) => setTravellersRaw(e.target.value)}
          error={validParty ? undefined : `1 to ${bookingLimits.travellersMax} travellers.`}
        />
        {dropped ? (
          <p className="admin-change__warning" role="status">
            {dropped}
          </p>
        ) : null}
        <p className="admin-change__summary" aria-live="polite">
          {room === null ? '' : `${plural(room, 'seat')} for this booking on that date. `}
          {validParty ? `New total ${formatPrice(booking.price * travellers)}.` : ''}
        </p>
        {error && (
          <p className="admin-actions__error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary admin-button"
          disabled={busy || unchanged || !validParty}
        >
          {busy ? 'Changing…' : 'Change booking'}
        </button>
      </form>
    </section>
  );
}
