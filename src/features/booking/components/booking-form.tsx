import { useId, useRef, useState, type ChangeEvent, type ComponentProps, type FormEvent } from 'react';
import { ApiError } from '~/lib/api-client';
import {
  validateBooking,
  type Booking,
  type BookingField,
  type BookingInput,
  type FieldErrors,
} from '~/contracts/booking';

export type BookingFormValues = { name: string; author: string; address: string; phone: string };

type BookingFormProps = {
  packageId: string;
  initial: BookingFormValues;
  // Stores the booking; an ApiError's message is shown to the user as it is.
  onSubmit: (input: BookingInput, idempotencyKey: string) => Promise<Booking>;
  onBooked: (booking: Booking) => void;
};

const empty: BookingFormValues = { name: '', author: '', address: '', phone: '' };

// The form names the email field "author" (SPEC point 3); the API calls it email.
const fieldFor: Record<BookingField, keyof BookingFormValues | undefined> = {
  name: 'name',
  email: 'author',
  address: 'address',
  phone: 'phone',
  packageId: undefined,
};

const toFormErrors = (errors: FieldErrors) => {
  const out: Partial<Record<keyof BookingFormValues, string>> = {};
  for (const [field, message] of Object.entries(errors)) {
    const key = fieldFor[field as BookingField];
    if (key && message) out[key] = message;
  }
  return out;
};

// SPEC point 3: name (prefilled), author labelled Email (prefilled), address, phone (numeric).
// On any failure every value stays where it was typed.
export function BookingForm({ packageId, initial, onSubmit, onBooked }: BookingFormProps) {
  const [values, setValues] = useState<BookingFormValues>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof BookingFormValues, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  // One key per booking attempt, kept across retries and double clicks, renewed once stored.
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const busyRef = useRef(false);
  const id = useId();

  const update = (key: keyof BookingFormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const form = event.currentTarget;
    const checked = validateBooking({
      packageId,
      name: values.name,
      email: values.author,
      address: values.address,
      phone: values.phone,
    });
    if (!checked.success) {
      const next = toFormErrors(checked.fieldErrors);
      setErrors(next);
      setFormError(checked.fieldErrors.packageId ?? 'Please check the highlighted fields.');
      const first = (['name', 'author', 'address', 'phone'] as const).find((k) => next[k]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setFormError('');
    try {
      const booking = await onSubmit(checked.data, idempotencyKey.current);
      idempotencyKey.current = crypto.randomUUID();
      setValues(empty);
      setErrors({});
      onBooked(booking);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(toFormErrors(error.fieldErrors));
        setFormError(error.fieldErrors.packageId ?? error.message);
      } else {
        setFormError('Something went wrong. Your details are kept: please try again.');
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const field = (key: keyof BookingFormValues, label: string, input: ComponentProps<'input'>) => {
    const inputId = `${id}-${key}`;
    const errorId = `${inputId}-error`;
    return (
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <input
          id={inputId}
          name={key}
          value={values[key]}
          onChange={update(key)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={errors[key] ? errorId : undefined}
          {...input}
        />
        {errors[key] ? (
          <p className="field__error" id={errorId}>
            {errors[key]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      className="form booking-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
    >
      <h2 id={`${id}-title`}>Book this trip</h2>
      {field('name', 'Name', { autoComplete: 'name', maxLength: 100 })}
      {field('author', 'Email', { type: 'email', autoComplete: 'email', maxLength: 254 })}
      {field('address', 'Address', { autoComplete: 'street-address', maxLength: 300 })}
      {field('phone', 'Phone', {
        type: 'number',
        inputMode: 'numeric',
        autoComplete: 'tel',
        min: 0,
        step: 1,
      })}
      <p className="form-error" role="alert">
        {formError}
      </p>
      <button type="submit" className="button button--accent button--block" disabled={busy}>
        {busy ? 'Booking…' : 'Book Now'}
      </button>
      <p className="booking-form__note">No payment now: your guide confirms the dates with you first.</p>
    </form>
  );
}
