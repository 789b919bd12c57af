import { useId, useRef, useState } from 'react';
import { Field } from '~/components/field';
import type { AdminDeparture } from '#contracts/admin';
import { formatTripDate } from '#contracts/format';
import { InlineEditor } from '~/features/admin/components/inline-editor';
import { ApiError } from '~/lib/api-client';

type CapacityEditorProps = {
  departure: AdminDeparture;
  onSaved: (departure: AdminDeparture) => void;
  onDone: () => void;
};

// The capacity of one departure, edited in its row. Below the seats already taken the server
// answers 409; its message shows beside the field and the number typed stays.
export function CapacityEditor({ departure, onSaved, onDone }: CapacityEditorProps) {
  const [value, setValue] = useState(String(departure.capacity));
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  return (
    <InlineEditor
      departure={departure}
      className="admin-capacity"
      focusRef={inputRef}
      selectOnOpen
      change={() => {
        if (value.trim() === '') {
          setError('Enter the number of seats.');
          return false;
        }
        const capacity = Number(value);
        return capacity === departure.capacity ? null : { capacity };
      }}
      onSaving={() => setError('')}
      onRefused={(e) =>
        // A 400 names the field; a 409 (below the seats taken) says it in its message.
        setError(
          e instanceof ApiError
            ? (e.fieldErrors.capacity ?? e.message)
            : e instanceof Error
              ? e.message
              : 'The capacity could not be changed.',
        )
      }
      onSaved={onSaved}
      onDone={onDone}
    >
      {(actions) => (
        <Field
          hideLabel
          label={`Capacity of ${formatTripDate(departure.startsOn)}`}
          id={inputId}
          error={error}
          alertError
        >
          {(wired) => (
            <div className="admin-capacity__row">
              <input
                {...wired}
                ref={inputRef}
                name="capacity"
                type="number"
                inputMode="numeric"
                step={1}
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
