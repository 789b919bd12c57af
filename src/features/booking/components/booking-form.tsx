import { useId, useState, type FormEvent } from 'react';

export type BookingFields = { name: string; author: string; address: string; phone: string };

type BookingFormProps = {
  initial: BookingFields;
  onSubmit: (fields: BookingFields) => Promise<void> | void;
};

// SPEC point 3: name (prefilled), author labelled Email (prefilled), address, phone (numeric).
export function BookingForm({ initial, onSubmit }: BookingFormProps) {
  const [fields, setFields] = useState<BookingFields>(initial);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const update = (key: keyof BookingFields) => (event: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: event.target.value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await onSubmit(fields);
      setFields({ name: '', author: '', address: '', phone: '' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form booking-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Book this trip</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} name="name" autoComplete="name" value={fields.name} onChange={update('name')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-author`}>Email</label>
        <input id={`${id}-author`} name="author" type="email" autoComplete="email" value={fields.author} onChange={update('author')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-address`}>Address</label>
        <input id={`${id}-address`} name="address" autoComplete="street-address" value={fields.address} onChange={update('address')} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-phone`}>Phone</label>
        <input id={`${id}-phone`} name="phone" type="number" inputMode="tel" autoComplete="tel" value={fields.phone} onChange={update('phone')} />
      </div>
      <button type="submit" className="button button--accent button--block" disabled={busy}>
        {busy ? 'Booking…' : 'Book Now'}
      </button>
    </form>
  );
}
