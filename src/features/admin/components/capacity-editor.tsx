import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Field } from '~/components/field';
import type { AdminDeparture } from '~/contracts/admin';
import { changeDeparture } from '~/features/admin/api/admin-api';
import { formatTripDate } from '~/contracts/format';
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
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (value.trim() === '') {
      setError('Enter the number of seats.');
      inputRef.current?.focus();
      return;
    }
    const capacity = Number(value);
    if (capacity === departure.capacity) {
      onDone();
      return;
    }
    setBusy(true);
    setError('');
    try {
      onSaved(await changeDeparture(departure.id, { capacity }));
      onDone();
    } catch (e) {
      // A 400 names the field; a 409 (below the seats taken) says it in its message.
      setError(
        e instanceof ApiError
          ? (e.fieldErrors.capacity ?? e.message)
          : e instanceof Error
            ? e.message
            : 'The capacity could not be changed.',
      );
      setBusy(false);
      inputRef.current?.focus();
    }
  }

  return (
    <form
      className="admin-capacity"
      onSubmit={submit}
      noValidate
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone();
        }
      }}
    >
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
            <button type="submit" className="button button--primary admin-button" disabled={busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button type="button" className="button--link" onClick={onDone}>
              Cancel
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
