import { useEffect, useRef, useState } from 'react';
import { confirmBooking } from '~/features/admin/api/admin-api';
import { CancelDialog } from '~/features/admin/components/cancel-dialog';
import type { AdminBooking } from '#contracts/api';

type BookingActionsProps = {
  booking: AdminBooking;
  // The booking as the server answered, and a line saying what happened.
  onChanged: (booking: AdminBooking, message: string) => void;
  returnFocusId?: string;
  // In a table row the reference is in the row already; on its own page it is in the heading.
  showReference?: boolean;
};

// Confirm (a requested booking) and Cancel (a requested or confirmed one, with a reason).
// Requested -> confirmed -> cancelled, or requested -> cancelled: nothing else is offered.
export function BookingActions({
  booking,
  onChanged,
  returnFocusId,
  showReference = true,
}: BookingActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState('');
  const ref = showReference ? <span className="sr-only"> {booking.reference}</span> : null;
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Set by a keyboard confirm; the focus moves once React has drawn the confirmed booking with Cancel
  // enabled again. A frame callback could run before that render and find Cancel still disabled.
  const focusCancelNext = useRef(false);
  useEffect(() => {
    if (!focusCancelNext.current || confirming || booking.status === 'requested') return;
    focusCancelNext.current = false;
    cancelRef.current?.focus();
  });

  async function confirm(event: { currentTarget: HTMLButtonElement }) {
    if (confirming) return;
    // Confirmed, the button goes: a keyboard user's focus moves to Cancel beside it, not to the page.
    const button = event.currentTarget;
    setConfirming(true);
    setError('');
    try {
      const confirmed = await confirmBooking(booking.id);
      if (document.activeElement === button || document.activeElement === document.body) {
        focusCancelNext.current = true;
      }
      onChanged(confirmed, `${confirmed.reference} confirmed. The traveller gets an email.`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The booking could not be confirmed.');
    } finally {
      setConfirming(false);
    }
  }

  if (booking.status === 'cancelled') return null;
  return (
    <div className="admin-actions">
      {booking.status === 'requested' && (
        <button
          type="button"
          className="button admin-button admin-button--confirm"
          onClick={(event) => void confirm(event)}
          aria-busy={confirming}
        >
          {confirming ? 'Confirming…' : 'Confirm'}
          {ref}
        </button>
      )}
      <button
        ref={cancelRef}
        type="button"
        className="button admin-button admin-button--cancel"
        onClick={() => {
          setError('');
          setCancelling(true);
        }}
        disabled={confirming}
      >
        Cancel
        {ref}
      </button>
      {error && (
        <p className="admin-actions__error" role="alert">
          {error}
        </p>
      )}
      {cancelling && (
        <CancelDialog
          booking={booking}
          returnFocusId={returnFocusId}
          onClose={() => setCancelling(false)}
          onCancelled={(cancelled) =>
            onChanged(
              cancelled,
              `${cancelled.reference} cancelled. The traveller gets an email with your reason.`,
            )
          }
        />
      )}
    </div>
  );
}
