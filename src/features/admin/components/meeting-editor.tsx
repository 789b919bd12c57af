import { useRef, useState } from 'react';
import { InputField } from '~/components/field';
import { meetingPointMax } from '#contracts/admin';
import { InlineEditor, type DepartureEditorProps } from '~/features/admin/components/inline-editor';
import { ApiError } from '~/lib/api-client';

type MeetingErrors = { meetingPoint?: string; meetingTime?: string; form?: string };

// Where and when the group meets, edited in the departure's row. Travellers see both on their
// booking and in the trip reminder; empty fields clear them.
export function MeetingEditor({ departure, onSaved, onDone }: DepartureEditorProps) {
  const [point, setPoint] = useState(departure.meetingPoint ?? '');
  const [time, setTime] = useState(departure.meetingTime ?? '');
  const [errors, setErrors] = useState<MeetingErrors>({});
  const pointRef = useRef<HTMLInputElement>(null);

  return (
    <InlineEditor
      departure={departure}
      className="admin-meeting__form"
      focusRef={pointRef}
      change={() => {
        const meetingPoint = point.trim() || null;
        const meetingTime = time || null;
        const same =
          meetingPoint === (departure.meetingPoint ?? null) &&
          meetingTime === (departure.meetingTime ?? null);
        return same ? null : { meetingPoint, meetingTime };
      }}
      onSaving={() => setErrors({})}
      onRefused={(e) => {
        const fields = e instanceof ApiError ? e.fieldErrors : {};
        setErrors({
          meetingPoint: fields.meetingPoint,
          meetingTime: fields.meetingTime,
          // A refusal that names no field (a 409, the network) shows under the buttons.
          form:
            fields.meetingPoint || fields.meetingTime
              ? undefined
              : e instanceof Error
                ? e.message
                : 'The meeting point could not be saved.',
        });
      }}
      onSaved={onSaved}
      onDone={onDone}
    >
      {(actions) => (
        <>
          <InputField
            ref={pointRef}
            label="Meeting point"
            type="text"
            value={point}
            maxLength={meetingPointMax}
            onChange={(e) => setPoint(e.target.value)}
            error={errors.meetingPoint}
          />
          <InputField
            label="Meeting time"
            type="time"
            value={time}
            onChange={(e) => setTime(e.target.value)}
            error={errors.meetingTime}
          />
          <div className="admin-meeting__actions">{actions}</div>
          {errors.form && (
            <p className="field__error" role="alert">
              {errors.form}
            </p>
          )}
        </>
      )}
    </InlineEditor>
  );
}
