import { useId, useRef, useState } from 'react';
import { Field } from '~/components/field';
import { decideByProblem } from '#contracts/departure-risk';
import { formatTripDate } from '#contracts/format';
import { InlineEditor } from '~/features/admin/components/inline-editor';
import { ApiError } from '~/lib/api-client';
import type { AdminDeparture } from '#contracts/api';

// A departure's go/no-go date, edited in its row: a real date, not after the departure (the
// server's rule too; its message shows beside the field and the date typed stays).
export function DecideByEditor({
  departure,
  onSaved,
  onDone,
}: {
  departure: AdminDeparture;
  onSaved: (departure: AdminDeparture) => void;
  onDone: () => void;
}) {
  const [value, setValue] = useState(departure.decideBy);
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <InlineEditor
      departure={departure}
      className="admin-capacity admin-decide-by"
      focusRef={inputRef}
      change={() => {
        const problem = decideByProblem(value, departure.startsOn);
        if (problem) {
          setError(problem);
          return false;
        }
        return value === departure.decideBy ? null : { decideBy: value };
      }}
      onSaving={() => setError('')}
      onRefused={(e) =>
        setError(
          e instanceof ApiError
            ? (e.fieldErrors.decideBy ?? e.message)
            : e instanceof Error
              ? e.message
              : 'The decision date could not be changed.',
        )
      }
      onSaved={onSaved}
      onDone={onDone}
    >
      {(actions) => (
        <Field
          hideLabel
          label={`Decide by, for ${formatTripDate(departure.startsOn)}`}
          id={inputId}
          error={error}
          alertError
        >
          {(wired) => (
            <div className="admin-capacity__row">
              <input
                {...wired}
                ref={inputRef}
                name="decideBy"
                type="date"
                max={departure.startsOn}
                value={value}
                onChange={(e) => setValue(e.target.value)}
              />
              {actions}
            </div>
          )}
        </Field>
      )}
    </InlineEditor>
  );
}
