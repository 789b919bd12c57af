import { useEffect, useId, useRef, useState } from 'react';
import type { Booking } from '#contracts/booking';
import { ApiError } from '~/lib/api-client';
import { formatTripDate, plural } from '#contracts/format';

type CancelBookingDialogProps = {
  booking: Booking;
  // Calls the API; an ApiError's message is shown inside the dialog as it is.
  onConfirm: (booking: Booking) => Promise<Booking>;
  onCancelled: (updated: Booking) => void;
  // The server refused (409: too close to departure); the card then offers how to reach us.
  onRefused: (booking: Booking) => void;
  onClose: () => void;
};

// A native modal <dialog>: the page behind is inert, Escape closes it, and focus stays inside.
// Mounted while open; the list decides where focus goes once it closes.
export function CancelBookingDialog({
  booking,
  onConfirm,
  onCancelled,
  onRefused,
  onClose,
}: CancelBookingDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const busyRef = useRef(false);
  // Set once the list has unmounted us, so the close event that follows is not a second close.
  const gone = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // The safe choice has focus first: Enter on a dialog opened by mistake keeps the booking.
    keepRef.current?.focus();
    return () => {
      gone.current = true;
      if (dialog.open) dialog.close();
    };
  }, []);

  const confirm = async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError('');
    try {
      const updated = await onConfirm(booking);
      onCancelled(updated);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.message : 'The booking could not be cancelled. Please try again.',
      );
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

  const travellers = plural(booking.travellers, 'traveller');
  const when = booking.startsOn ? formatTripDate(booking.startsOn) : 'date to be agreed';

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      // Escape asks to close: refused only while the request runs, so its answer is seen.
      aria-busy={busy}
      onCancel={(event) => {
        event.preventDefault();
        keep();
      }}
      // Escape handled here too, the same way, where a browser has no cancel event to give.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        keep();
      }}
      // The browser may close it anyway (a second Escape): keep the list in step.
      onClose={() => {
        if (!gone.current) onClose();
      }}
    >
      <h2 className="dialog__title" id={`${id}-title`}>
        Cancel this booking?
      </h2>
      <div id={`${id}-text`}>
        <p className="dialog__trip">
          <strong>{booking.packageName}</strong>
          <br />
          {when} · {travellers} · <span className="summary__ref">{booking.reference}</span>
        </p>
        <p>Your places go back on sale for other travellers. This cannot be undone.</p>
      </div>
      <p className="form-error" role="alert">
        {error}
      </p>
      <div className="dialog__actions">
        <button ref={keepRef} type="button" className="button button--outline" onClick={keep}>
          Keep booking
        </button>
        <button type="button" className="button button--danger" onClick={() => void confirm()}>
          {busy ? 'Cancelling…' : 'Cancel booking'}
        </button>
      </div>
    </dialog>
  );
}
