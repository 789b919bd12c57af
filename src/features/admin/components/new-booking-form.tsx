import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { bookingLimits } from '#contracts/booking';
import { formatTripDate, plural } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { phoneLimits } from '#contracts/phone';
import { InputField, lengthNote, PhoneField, SelectField } from '~/components/field';
import { paths } from '~/config/paths';
import { createStaffBooking, listDepartures } from '~/features/admin/api/admin-api';
import { usePackageOptions } from '~/features/admin/hooks/use-package-options';
import { ApiError } from '~/lib/api-client';
import { todayIso } from '#contracts/iso-dates';
import type { AdminDeparture } from '#contracts/api';
import { TravellersField } from '~/components/travellers-field';
import { NamedOptions } from '~/components/options';

type Field = 'packageId' | 'departureId' | 'travellers' | 'name' | 'email' | 'address' | 'phone';

const seatsLeftOf = (d: AdminDeparture) => d.seatsLeft;

// Written to the operator about the traveller, never to the traveller ("your address"): an empty
// field is flagged before anything is sent, and the server's own "Please enter your ..." for a
// field (the traveller's booking form shares its schema) is worded the same way here.
const staffRequired: Record<Field, string> = {
  packageId: 'Choose a package.',
  departureId: 'Choose a date.',
  travellers: `Enter how many travel: ${bookingLimits.travellersMin} to ${bookingLimits.travellersMax}.`,
  name: 'Enter the traveller’s name.',
  email: 'Enter the traveller’s email.',
  address: 'Enter the traveller’s address.',
  phone: 'Enter the traveller’s phone number.',
};

const fieldsInOrder = Object.keys(staffRequired) as Field[];

function missingFields(values: Record<Field, string>): Partial<Record<Field, string>> {
  const missing: Partial<Record<Field, string>> = {};
  for (const field of fieldsInOrder) {
    if (field === 'travellers') {
      const n = Number(values.travellers);
      if (
        !values.travellers.trim() ||
        !Number.isInteger(n) ||
        n < bookingLimits.travellersMin ||
        n > bookingLimits.travellersMax
      )
        missing.travellers = staffRequired.travellers;
    } else if (!values[field].trim()) missing[field] = staffRequired[field];
  }
  return missing;
}

// The schema's required-field messages (contracts/booking.ts, contracts/phone.ts).
const travellerRequired = new Set(
  ['name', 'email', 'address', 'phone number'].map((label) => `Please enter your ${label}.`),
);

const staffWording = (errors: Partial<Record<Field, string>>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      message && travellerRequired.has(message) && field in staffRequired
        ? staffRequired[field as Field]
        : message,
    ]),
  ) as Partial<Record<Field, string>>;

// The typed fields' lengths: each field shows its count and error as it is typed (lengthNote), and
// nothing is sent while one is over (PhoneField holds the phone's own).
const maxLengths = {
  name: bookingLimits.name,
  email: bookingLimits.email,
  address: bookingLimits.address,
  phone: phoneLimits.maxLength,
} as const;

// A booking taken on the phone or at the desk: the trip, a date with its seats left, the party,
// the traveller's contact, confirmed or requested, and whether the site emails them. The server
// holds the seat rule (a 409 says how many seats are left) and words every other refusal.
export function NewBookingForm() {
  const navigate = useNavigate();
  const packages = usePackageOptions();
  const [values, setValues] = useState<Record<Field, string>>({
    packageId: '',
    departureId: '',
    travellers: '2',
    name: '',
    email: '',
    address: '',
    phone: '',
  });
  const [status, setStatus] = useState<'confirmed' | 'requested'>('confirmed');
  const [sendEmails, setSendEmails] = useState(true);
  const [departures, setDepartures] = useState<AdminDeparture[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = { sendEmails: useId(), status: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  // After a refusal, the first field marked is where the operator is taken, as on the traveller's
  // own booking form: the summary by the button may be all that is on the screen.
  const [focusFirstError, setFocusFirstError] = useState(0);
  useEffect(() => {
    if (focusFirstError === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusFirstError]);

  useEffect(() => {
    if (!values.packageId) return;
    const controller = new AbortController();
    setDepartures(null);
    listDepartures(values.packageId, controller.signal).then(
      (list) => {
        const today = todayIso('UTC');
        setDepartures(list.filter((d) => d.status === 'open' && d.startsOn > today));
      },
      () => !controller.signal.aborted && setFormError('The dates could not be loaded. Please try again.'),
    );
    return () => controller.abort();
  }, [values.packageId]);

  const set = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({
      ...v,
      [field]: event.target.value,
      ...(field === 'packageId' ? { departureId: '' } : {}),
    }));
    setFormError('');
  };

  // A field's wiring follows from its name: what was typed, the change and the server's words.
  const fieldFor = (field: Field) => ({ value: values[field], onChange: set(field), error: errors[field] });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // What needs no server to say: every field filled in (the server checks the rest).
    const missing = missingFields(values);
    const tooLong = (Object.keys(maxLengths) as (keyof typeof maxLengths)[]).some(
      (field) => lengthNote(values[field], maxLengths[field]).error,
    );
    if (Object.keys(missing).length > 0 || tooLong) {
      setErrors(missing);
      setFormError('Please check the highlighted fields.');
      setFocusFirstError((n) => n + 1);
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError('');
    try {
      const booking = await createStaffBooking({
        packageId: values.packageId,
        departureId: values.departureId,
        travellers: Number(values.travellers),
        name: values.name,
        email: values.email,
        address: values.address,
        phone: values.phone,
        status,
        sendEmails,
      });
      void navigate(paths.adminBooking(booking.id));
    } catch (error) {
      const fieldErrors = staffWording(
        (error instanceof ApiError ? error.fieldErrors : {}) as Partial<Record<Field, string>>,
      );
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) setFocusFirstError((n) => n + 1);
      setFormError(
        Object.keys(fieldErrors).length > 0
          ? 'Please check the highlighted fields.'
          : error instanceof Error
            ? error.message
            : 'The booking could not be made.',
      );
    } finally {
      setBusy(false);
    }
  }

  const options = packages.state.status === 'success' ? packages.state.data : [];
  // What the booking will cost at the chosen date's price (per person, whole dollars).
  const chosen = departures?.find((d) => d.id === values.departureId);
  const party = Number(values.travellers);
  const partyOk =
    Number.isInteger(party) && party >= bookingLimits.travellersMin && party <= bookingLimits.travellersMax;
  return (
    <div className="admin-new-booking">
      <Link to={paths.adminBookings} className="admin-back">
        Bookings
      </Link>
      <div className="admin-head">
        <h1 className="admin-title">New booking</h1>
      </div>
      <form
        ref={formRef}
        className="admin-panel admin-new-booking__form"
        onSubmit={(e) => void submit(e)}
        noValidate
      >
        <fieldset>
          <legend className="admin-sub">The trip</legend>
          <SelectField label="Package" {...fieldFor('packageId')}>
            <option value="">Choose a package</option>
            <NamedOptions items={options} />
          </SelectField>
          <SelectField
            label="Date"
            {...fieldFor('departureId')}
            disabled={!values.packageId || departures === null}
          >
            <option value="">
              {values.packageId && departures === null ? 'Loading dates…' : 'Choose a date'}
            </option>
            {(departures ?? []).map((d) => (
              <option key={d.id} value={d.id} disabled={seatsLeftOf(d) === 0}>
                {formatTripDate(d.startsOn)} —{' '}
                {seatsLeftOf(d) === 0 ? 'full' : `${seatsLeftOf(d)} seats left`}
              </option>
            ))}
          </SelectField>
          <TravellersField {...fieldFor('travellers')} />
          <p className="admin-new-booking__price" aria-live="polite">
            {chosen ? (
              <>
                {formatPrice(chosen.price)} a person
                {partyOk ? (
                  <>
                    {' '}
                    · Total <strong>{formatPrice(chosen.price * party)}</strong> for{' '}
                    {plural(party, 'traveller')}
                  </>
                ) : null}
              </>
            ) : (
              'The price and total show once a date is chosen.'
            )}
          </p>
        </fieldset>
        <fieldset>
          <legend className="admin-sub">The lead traveller</legend>
          <InputField label="Name" autoComplete="off" maxLength={maxLengths.name} {...fieldFor('name')} />
          <InputField
            label="Email"
            type="email"
            autoComplete="off"
            maxLength={maxLengths.email}
            hint="Their booking appears in My bookings when they sign in with this address."
            {...fieldFor('email')}
          />
          <InputField
            label="Address"
            autoComplete="off"
            maxLength={maxLengths.address}
            {...fieldFor('address')}
          />
          <PhoneField label="Phone" autoComplete="off" {...fieldFor('phone')} />
        </fieldset>
        <fieldset className="admin-new-booking__choices">
          <legend className="admin-sub">Status and emails</legend>
          <SelectField
            id={ids.status}
            label="Status"
            value={status}
            onChange={(e) => setStatus(e.target.value as 'confirmed' | 'requested')}
          >
            <option value="confirmed">Confirmed</option>
            <option value="requested">Requested (to confirm later)</option>
          </SelectField>
          <p className="admin-new-booking__check">
            <input
              id={ids.sendEmails}
              type="checkbox"
              checked={sendEmails}
              onChange={(e) => setSendEmails(e.target.checked)}
            />
            <label htmlFor={ids.sendEmails}>Email the traveller about this booking</label>
          </p>
        </fieldset>
        {formError ? (
          <p className="notice notice--error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Booking…' : 'Make the booking'}
        </button>
      </form>
    </div>
  );
}
