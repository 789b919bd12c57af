import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { meetingPointMax, type AdminDeparture } from '~/contracts/admin';
import { changeDeparture } from '~/features/admin/api/admin-api';
import { ApiError } from '~/lib/api-client';

type MeetingEditorProps = {
  departure: AdminDeparture;
  onSaved: (departure: AdminDeparture) => void;
  onDone: () => void;
};

// Where and when the group meets, edited in the departure's row. Travellers see both on their
// booking and in the trip reminder; empty fields clear them.
export function MeetingEditor({ departure, onSaved, onDone }: MeetingEditorProps) {
  const [point, setPoint] = useState(departure.meetingPoint ?? '');
  const [time, setTime] = useState(departure.meetingTime ?? '');
  const [errors, setErrors] = useState<{ meetingPoint?: string; meetingTime?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const pointRef = useRef<HTMLInputElement>(null);
  const ids = { point: useId(), pointError: useId(), time: useId(), timeError: useId() };

  useEffect(() => {
    pointRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const meetingPoint = point.trim() || null;
    const meetingTime = time || null;
    if (
      meetingPoint === (departure.meetingPoint ?? null) &&
      meetingTime === (departure.meetingTime ?? null)
    ) {
      onDone();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      onSaved(await changeDeparture(departure.id, { meetingPoint, meetingTime }));
      onDone();
    } catch (e) {
      const fields = e instanceof ApiError ? e.fieldErrors : {};
      setErrors({
        meetingPoint: fields.meetingPoint,
        meetingTime: fields.meetingTime,
        form:
          fields.meetingPoint || fields.meetingTime
            ? undefined
            : e instanceof Error
              ? e.message
              : 'The meeting point could not be saved.',
      });
      setBusy(false);
      pointRef.current?.focus();
    }
  }

  return (
    <form
      className="admin-meeting__form"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone();
        }
      }}
    >
      <div className="field">
        <label htmlFor={ids.point}>Meeting point</label>
        <input
          ref={pointRef}
          id={ids.point}
          type="text"
          value={point}
          maxLength={meetingPointMax}
          onChange={(e) => setPoint(e.target.value)}
          aria-invalid={errors.meetingPoint ? true : undefined}
          aria-describedby={errors.meetingPoint ? ids.pointError : undefined}
        />
        {errors.meetingPoint && (
          <p id={ids.pointError} className="field__error">
            {errors.meetingPoint}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.time}>Meeting time</label>
        <input
          id={ids.time}
          type="time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          aria-invalid={errors.meetingTime ? true : undefined}
          aria-describedby={errors.meetingTime ? ids.timeError : undefined}
        />
        {errors.meetingTime && (
          <p id={ids.timeError} className="field__error">
            {errors.meetingTime}
          </p>
        )}
      </div>
      <div className="admin-meeting__actions">
        <button type="submit" className="button button--primary admin-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button--link" onClick={onDone}>
          Cancel
        </button>
      </div>
      {errors.form && (
        <p className="field__error" role="alert">
          {errors.form}
        </p>
      )}
    </form>
  );
}
