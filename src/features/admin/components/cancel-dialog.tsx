import { useId, useRef, useState, type FormEvent } from 'react';
import { Dialog, DialogDescription, DialogTitle } from '~/components/dialog';
import { TextAreaField } from '~/components/field';
import { adminLimits } from '#contracts/admin';
import { cancelBooking } from '~/features/admin/api/admin-api';
import { formatTripDate, plural } from '#contracts/format';
import { ApiError } from '~/lib/api-client';
import type { AdminBooking } from '#contracts/api';
import { FormError } from '~/components/form-error';

type CancelDialogProps = {
  booking: AdminBooking;
  onClose: () => void;
  onCancelled: (booking: AdminBooking) => void;
  // Where focus goes when the dialog closes and the button that opened it is gone (a cancelled
  // booking has no Cancel button).
  returnFocusId?: string;
};

// A Dialog (src/components/dialog.tsx): Escape closes it, focus starts in the reason field and
// returns to where it came from. Mount it to open it; onClose unmounts it.
export function CancelDialog({ booking, onClose, onCancelled, returnFocusId }: CancelDialogProps) {
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const text = reason.trim();
    if (!text) {
      setFieldError('Please give a reason: the traveller reads it in their email.');
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    setFieldError('');
    setFormError('');
    try {
      const cancelled = await cancelBooking(booking.id, text);
      onCancelled(cancelled);
      onClose();
    } catch (error) {
      // The typed reason stays, so a retry needs one click.
      if (error instanceof ApiError && error.fieldErrors.reason) {
        setFieldError(error.fieldErrors.reason);
        fieldRef.current?.focus();
      } else {
        setFormError(error instanceof Error ? error.message : 'The booking could not be cancelled.');
      }
      setBusy(false);
    }
  }

  return (
    <Dialog className="admin-dialog" onClose={onClose} initialFocus={fieldRef} returnFocusId={returnFocusId}>
      <form className="admin-dialog__form" onSubmit={submit} noValidate>
        <DialogTitle className="admin-dialog__title">Cancel booking {booking.reference}?</DialogTitle>
        <DialogDescription as="p" className="admin-dialog__text">
          {booking.name}, {booking.packageName}, {formatTripDate(booking.startsOn)},{' '}
          {plural(booking.travellers, 'traveller')}. The seats go back on sale and the traveller gets an email
          with your reason.
        </DialogDescription>
        <TextAreaField
          label="Reason for cancelling"
          ref={fieldRef}
          id={fieldId}
          name="reason"
          rows={3}
          required
          maxLength={adminLimits.cancelReason}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={fieldError}
        />
        <FormError message={formError} />
        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Keep booking
          </button>
          <button type="submit" className="button admin-button--danger" disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel booking'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
