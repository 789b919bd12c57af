import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { InputField, WholeNumberField } from '~/components/field';
import { addDeparture } from '~/features/admin/api/admin-api';
import { ApiError } from '~/lib/api-client';
import { formatPrice } from '#contracts/price';
import { intoFields, useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';
import type { AdminDeparture } from '#contracts/api';

const fields = ['startsOn', 'capacity', 'minTravellers', 'price'] as const;
type Field = (typeof fields)[number];

type AddDepartureFormProps = {
  packageId: string;
  packageName: string;
  // Per person, whole dollars: what a date without its own price sells at.
  packagePrice?: number;
  onAdded: (departure: AdminDeparture) => void;
};

export const defaultCapacity = '12';

// A new date for the chosen package. The server decides what is valid (a date after today, at
// least one seat) and its messages show beside the fields; what was typed stays on failure.
export function AddDepartureForm({ packageId, packageName, packagePrice, onAdded }: AddDepartureFormProps) {
  const [startsOn, setStartsOn] = useState('');
  const [capacity, setCapacity] = useState(defaultCapacity);
  // 0: the departure runs whoever books; more: it is guaranteed once that many travellers booked.
  const [minTravellers, setMinTravellers] = useState('0');
  // Empty: the date sells at the package's price.
  const [price, setPrice] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const dateRef = useRef<HTMLInputElement>(null);
  const capacityRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Typed before the server-rendered schedule hydrated (src/lib/use-typed-before-hydration.ts).
  useTypedBeforeHydration(
    formRef,
    intoFields({
      startsOn: setStartsOn,
      capacity: setCapacity,
      minTravellers: setMinTravellers,
      price: setPrice,
    }),
  );
  const ids = {
    startsOn: useId(),
    capacity: useId(),
    minTravellers: useId(),
    price: useId(),
    title: useId(),
  };
  // A field's wiring follows from its name: its id, what was typed, the change and the server's words.
  const fieldFor = (field: Field, value: string, setValue: (value: string) => void) => ({
    id: ids[field],
    name: field,
    value,
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(e.target.value),
    error: errors[field],
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFormError('');
    // Only emptiness is checked here; every other rule is the server's, worded by it.
    const missing: Partial<Record<Field, string>> = {};
    if (!startsOn) missing.startsOn = 'Choose a date.';
    if (capacity.trim() === '') missing.capacity = 'Enter the number of seats.';
    if (missing.startsOn || missing.capacity) {
      setErrors(missing);
      (missing.startsOn ? dateRef : capacityRef).current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const minimum = minTravellers.trim() === '' ? 0 : Number(minTravellers);
      const added = await addDeparture({
        packageId,
        startsOn,
        capacity: Number(capacity),
        ...(minimum === 0 ? {} : { minTravellers: minimum }),
        ...(price.trim() === '' ? {} : { price: Number(price) }),
      });
      onAdded(added);
      setStartsOn('');
      dateRef.current?.focus();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const next: Partial<Record<Field, string>> = {};
      for (const f of fields) if (fieldErrors[f]) next[f] = fieldErrors[f];
      setErrors(next);
      if (next.startsOn) dateRef.current?.focus();
      else if (next.capacity) capacityRef.current?.focus();
      else if (next.minTravellers) document.getElementById(ids.minTravellers)?.focus();
      else if (next.price) document.getElementById(ids.price)?.focus();
      else setFormError(error instanceof Error ? error.message : 'The departure could not be added.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      className="admin-panel admin-panel__pad admin-add"
      aria-labelledby={ids.title}
      onSubmit={submit}
      noValidate
    >
      <div className="admin-add__head">
        <h2 id={ids.title} className="admin-panel__title">
          Add a departure
        </h2>
        <p className="admin-muted admin-add__for">For {packageName}</p>
      </div>
      <div className="admin-add__fields">
        <InputField label="Date" ref={dateRef} {...fieldFor('startsOn', startsOn, setStartsOn)} type="date" />
        <WholeNumberField
          label="Capacity (seats)"
          ref={capacityRef}
          {...fieldFor('capacity', capacity, setCapacity)}
        />
        <WholeNumberField
          label="Minimum travellers"
          hint="0 = no minimum"
          {...fieldFor('minTravellers', minTravellers, setMinTravellers)}
          min={0}
        />
        <WholeNumberField
          label="Price per person (US$)"
          hint={
            packagePrice === undefined
              ? 'Empty = the package’s price'
              : `Empty = the package’s ${formatPrice(packagePrice)}`
          }
          {...fieldFor('price', price, setPrice)}
          min={1}
        />
        <button type="submit" className="button button--primary admin-add__submit" aria-busy={busy}>
          {busy ? 'Adding…' : 'Add departure'}
        </button>
      </div>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
    </form>
  );
}
