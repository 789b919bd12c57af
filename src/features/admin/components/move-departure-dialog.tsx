import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { TextAreaField } from '~/components/field';
import { moveMessageMax } from '#contracts/admin';
import { moveDeparture } from '~/features/admin/api/admin-api';
import { formatTripDate, plural } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { ApiError } from '~/lib/api-client';
import type { AdminDeparture, DepartureMoveResult } from '#contracts/api';
import { FormError } from '~/components/form-error';

type MoveDepartureDialogProps = {
  departure: AdminDeparture;
  // The package's other departures (the schedule on screen): the candidates.
  departures: AdminDeparture[];
  today: string;
  onClose: () => void;
  onMoved: (result: DepartureMoveResult, target: AdminDeparture) => void;
};

// Travellers of a departure's active bookings: its seats taken, less the seats held by offers.
const travellersOn = (d: AdminDeparture) => Math.max(0, d.seatsTaken - d.offered);

// Move a departure that will not run: pick another date of the same package (each says whether it
// has seats for every party), an optional note, a preview of the email each party gets, then Send.
// A modal <dialog> like the cancel dialog (./cancel-dialog.tsx): focus starts on the first date
// and returns to the Move button.
export function MoveDepartureDialog({
  departure,
  departures,
  today,
  onClose,
  onMoved,
}: MoveDepartureDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const needed = travellersOn(departure);
  const candidates = departures.filter(
    (d) => d.id !== departure.id && d.startsOn > today && d.status === 'open',
  );
  const fits = (d: AdminDeparture) => d.seatsLeft >= needed;
  const [targetId, setTargetId] = useState(candidates.find(fits)?.id ?? '');
  const [message, setMessage] = useState('');
  const [preview, setPreview] = useState<DepartureMoveResult | null>(null);
  const [fieldError, setFieldError] = useState('');
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const groupId = useId();
  const messageId = useId();
  const previewId = useId();
  const date = formatTripDate(departure.startsOn);
  const target = candidates.find((d) => d.id === targetId);

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    firstRef.current?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  function refused(error: unknown) {
    if (error instanceof ApiError && error.fieldErrors.toDepartureId)
      setFieldError(error.fieldErrors.toDepartureId);
    else if (error instanceof ApiError && error.fieldErrors.message) setFormError(error.fieldErrors.message);
    else setFormError(error instanceof Error ? error.message : 'The departure could not be moved.');
  }

  async function run(dryRun: boolean) {
    if (busy) return;
    if (!target) {
      setFieldError('Choose the date to move to.');
      firstRef.current?.focus();
      return;
    }
    setBusy(dryRun ? 'preview' : 'send');
    setFieldError('');
    setFormError('');
    try {
      const result = await moveDeparture(departure.id, {
        toDepartureId: target.id,
        ...(message.trim() ? { message } : {}),
        dryRun,
      });
      if (dryRun) setPreview(result);
      else {
        onMoved(result, target);
        onClose();
        return;
      }
    } catch (error) {
      refused(error);
    }
    setBusy(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(preview === null);
  }

  return (
    <dialog
      ref={dialogRef}
      className="admin-dialog admin-move-dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onClose={onClose}
    >
      <form className="admin-dialog__form" onSubmit={submit} noValidate>
        <h2 id={titleId} className="admin-dialog__title">
          Move {date}
        </h2>
        <p id={descriptionId} className="admin-dialog__text">
          {date} closes. Each of its {plural(departure.bookingCount, 'party', 'parties')} (
          {plural(needed, 'traveller')}) is offered the new date by email, with its seats held there until
          they accept or decline in My bookings. Its waiting list is told the date will not run.
        </p>
        <p className="admin-dialog__text">
          No party pays more for the move: each keeps the price it booked at, or pays the new date’s when that
          is lower.
        </p>
        <fieldset
          className="admin-move__dates"
          aria-describedby={fieldError ? `${groupId}-error` : undefined}
        >
          <legend className="admin-move__legend">New date</legend>
          {candidates.length === 0 && (
            <p className="admin-muted">No other open date of this package: add one first.</p>
          )}
          {candidates.map((d, i) => (
            <label key={d.id} className="admin-move__option" data-fits={fits(d)}>
              <input
                ref={i === 0 ? firstRef : undefined}
                type="radio"
                name="toDepartureId"
                value={d.id}
                checked={targetId === d.id}
                onChange={() => {
                  setTargetId(d.id);
                  setPreview(null);
                }}
              />
              <span>
                <span className="admin-strong">{formatTripDate(d.startsOn)}</span>
                <span className="sr-only">, </span>
                <span className="admin-sub">{formatPrice(d.price)} per person</span>
                <span className="sr-only">, </span>
                <span className={fits(d) ? 'admin-sub' : 'admin-sub admin-move__short'}>
                  {fits(d)
                    ? `Seats for every party: ${plural(d.seatsLeft, 'seat')} left`
                    : `Not enough seats: ${d.seatsLeft} left, ${needed} needed`}
                </span>
              </span>
            </label>
          ))}
          {fieldError && (
            <p id={`${groupId}-error`} className="field-error" role="alert">
              {fieldError}
            </p>
          )}
        </fieldset>
        <TextAreaField
          label="Message to the travellers (optional)"
          id={messageId}
          name="message"
          rows={3}
          maxLength={moveMessageMax}
          value={message}
          onChange={(e) => {
            setMessage(e.target.value);
            setPreview(null);
          }}
        />
        {preview && (
          <section className="admin-move__preview" aria-labelledby={previewId}>
            <h3 id={previewId} className="admin-move__preview-title">
              Preview: {plural(preview.parties, 'email')} to the parties
              {preview.waitingTold > 0
                ? `, ${plural(preview.waitingTold, 'waiting party', 'waiting parties')} told`
                : ''}
            </h3>
            {preview.preview ? (
              <>
                <p className="admin-strong">{preview.preview.subject}</p>
                <pre className="admin-move__email" tabIndex={0}>
                  {preview.preview.text}
                </pre>
              </>
            ) : (
              <p className="admin-muted">No active bookings: nobody to write to. The date just closes.</p>
            )}
          </section>
        )}
        <FormError message={formError} />
        <div className="admin-dialog__actions">
          <button type="button" className="button button--outline" onClick={onClose}>
            Keep the date
          </button>
          {preview ? (
            <button type="submit" className="button button--primary" aria-busy={busy === 'send'}>
              {busy === 'send' ? 'Sending…' : `Send to ${plural(preview.parties, 'party', 'parties')}`}
            </button>
          ) : (
            <button type="submit" className="button button--primary" aria-busy={busy === 'preview'}>
              {busy === 'preview' ? 'Preparing…' : 'Preview email'}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
