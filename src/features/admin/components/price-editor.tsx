import { useId, useRef, useState } from 'react';
import { Field } from '~/components/field';
import type { AdminDeparture } from '#contracts/admin';
import { formatTripDate } from '#contracts/format';
import { InlineEditor } from '~/features/admin/components/inline-editor';
import { ApiError } from '~/lib/api-client';

// One departure's own price, edited in its row: empty sells it at the package's price. Bookings
// already made keep the price they were made at (the server's rule); only new ones take this.
export function PriceEditor({
  departure,
  onSaved,
  onDone,
}: {
  departure: AdminDeparture;
  onSaved: (departure: AdminDeparture) => void;
  onDone: () => void;
}) {
  const [value, setValue] = useState(departure.ownPrice === null ? '' : String(departure.ownPrice));
  const [error, setError] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  return (
    <InlineEditor
      departure={departure}
      className="admin-capacity admin-price"
      focusRef={inputRef}
      selectOnOpen
      change={() => {
        const price = value.trim() === '' ? null : Number(value);
        return price === departure.ownPrice ? null : { price };
      }}
      onSaving={() => setError('')}
      onRefused={(e) =>
        setError(
          e instanceof ApiError
            ? (e.fieldErrors.price ?? e.message)
            : e instanceof Error
              ? e.message
              : 'The price could not be changed.',
        )
      }
      onSaved={onSaved}
      onDone={onDone}
    >
      {(actions) => (
        <Field
          hideLabel
          label={`Price per person on ${formatTripDate(departure.startsOn)} (US$, empty for the package's price)`}
          id={inputId}
          error={error}
          alertError
        >
          {(wired) => (
            <div className="admin-capacity__row">
              <input
                {...wired}
                ref={inputRef}
                name="price"
                type="number"
                inputMode="numeric"
                step={1}
                min={1}
                placeholder="Package's"
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
