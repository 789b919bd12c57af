import { useRef, useState } from 'react';
import { Dialog, DialogDescription, DialogTitle } from '~/components/dialog';
import { ApiError, failureMessage } from '~/lib/api-client';
import { formatTripDate } from '#contracts/format';
import type { Booking } from '#contracts/api';
import { formatCents } from '#contracts/money';
import { getCancellationQuote } from '~/features/booking/api/payments-api';
import { useAsyncData } from '~/lib/use-async-data';
import { useT } from '~/lib/i18n';
import { useShownPackageName } from '~/lib/package-names';

// The fee and the refund, before the traveller confirms (GET /api/bookings/{id}/cancellation).
function CancellationQuoteLine({ bookingId }: { bookingId: string }) {
  const { state } = useAsyncData(`cancellation:${bookingId}`, (signal) =>
    getCancellationQuote(bookingId, signal),
  );
  const { t, language } = useT();
  if (state.status === 'loading')
    return <p className="dialog__quote">{t('Working out the cancellation fee…')}</p>;
  if (state.status === 'error')
    return <p className="dialog__quote">{t('The cancellation fee could not be loaded.')}</p>;
  const q = state.data;
  const money = (cents: number) => formatCents(cents, q.currency, language);
  return (
    <p className="dialog__quote">
      <strong>
        {t('Cancellation fee {fee}. You get back {refund} of the {paid} paid.', {
          fee: money(q.feeCents),
          refund: money(q.refundCents),
          paid: money(q.paidCents),
        })}
      </strong>
    </p>
  );
}

type CancelBookingDialogProps = {
  booking: Booking;
  // Calls the API; an ApiError's message is shown inside the dialog as it is.
  onConfirm: (booking: Booking) => Promise<Booking>;
  onCancelled: (updated: Booking) => void;
  // The server refused (409: too close to departure); the card then offers how to reach us.
  onRefused: (booking: Booking) => void;
  onClose: () => void;
};

// Mounted while open (src/components/dialog.tsx); the list decides where focus goes once it closes
// when the booking changed.
export function CancelBookingDialog({
  booking,
  onConfirm,
  onCancelled,
  onRefused,
  onClose,
}: CancelBookingDialogProps) {
  // The safe choice has focus first: Enter on a dialog opened by mistake keeps the booking.
  const keepRef = useRef<HTMLButtonElement>(null);
  const busyRef = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // In the page's language, the server's refusals too where the catalogue has them.
  const { t, tp, known, language } = useT();
  const packageName = useShownPackageName(booking.packageId, booking.packageName);

  const confirm = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError('');
    try {
      const updated = await onConfirm(booking);
      onCancelled(updated);
    } catch (err) {
      setError(known(failureMessage(err, t('The booking could not be cancelled. Please try again.'))));
      if (err instanceof ApiError && err.status === 409) onRefused(booking);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  // The buttons stay enabled (a disabled button drops focus out of the dialog) and wait instead.
  const keep = () => {
    if (!busyRef.current) onClose();
  };

  const travellers = tp(booking.travellers, '{count} traveller', '{count} travellers');
  const when = booking.startsOn ? formatTripDate(booking.startsOn, language) : t('date to be agreed');

  return (
    // Escape asks to close: refused only while the request runs, so its answer is seen.
    <Dialog className="dialog" onClose={onClose} busy={busy} initialFocus={keepRef}>
      <DialogTitle className="dialog__title">{t('Cancel this booking?')}</DialogTitle>
      <DialogDescription>
        <p className="dialog__trip">
          <strong lang={packageName.lang}>{packageName.text}</strong>
          <br />
          {when} · {travellers} · <span className="summary__ref">{booking.reference}</span>
        </p>
        <CancellationQuoteLine bookingId={booking.id} />
        <p>{t('Your places go back on sale for other travellers. This cannot be undone.')}</p>
      </DialogDescription>
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="dialog__actions">
        <button ref={keepRef} type="button" className="button button--outline" onClick={keep}>
          {t('Keep booking')}
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()}>
          {busy ? t('Cancelling…') : t('Cancel booking')}
        </button>
      </div>
    </Dialog>
  );
}
