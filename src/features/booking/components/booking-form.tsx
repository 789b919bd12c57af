import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  bookingInputSchema,
  bookingLimits,
  validateBooking,
  type BookingField,
  type BookingInput,
  type FieldErrors,
} from '#contracts/booking';
import { isBookable } from '#contracts/departure';
import { partyOverCapacityMessage } from '#contracts/waitlist';
import { Field } from '~/components/field';
import { ContactFields } from '~/features/booking/components/contact-fields';
import { BookingTerms } from '~/features/booking/components/booking-terms';
import { DeparturePicker } from '~/features/booking/components/departure-picker';
import { useDepartures } from '~/features/booking/hooks/use-departures';
import {
  clearDraft,
  readDraft,
  saveDraft,
  type BookingFormValues,
} from '~/features/booking/utils/booking-draft';
import { ApiError } from '~/lib/api-client';
import { useHydrated } from '~/lib/use-hydrated';
import { useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';
import { formatTripDate } from '#contracts/format';
import { formatPrice } from '#contracts/price';
import { site } from '~/lib/site';
import { Link } from 'react-router';
import { paths } from '~/config/paths';
import type { Booking, Departure, WaitlistEntry } from '#contracts/api';
import type { PaymentTerms } from '#contracts/payment';
import { msg, type Translator } from '#contracts/i18n';
import { useT } from '~/lib/i18n';

type BookingFormProps = {
  packageId: string;
  // The signed-in account's uid: the unsent draft is kept per account (../utils/booking-draft.ts).
  owner: string;
  // Per person, whole dollars: the total shown before booking. The server's own price is the one
  // stored.
  price: number;
  initial: BookingFormValues;
  // Stores the booking; an ApiError's message is shown to the user as it is.
  onSubmit: (input: BookingInput, idempotencyKey: string) => Promise<Booking>;
  onBooked: (booking: Booking) => void;
  // Puts the party on a full date's waiting list; an ApiError's message is shown as it is.
  onJoinWaitlist?: (departureId: string, travellers: number) => Promise<WaitlistEntry>;
  // The package's payment terms, shown beside Book Now.
  paymentTerms?: PaymentTerms;
};

type ErrorKey = keyof BookingFormValues | 'departure' | 'travellers';
type FormErrors = Partial<Record<ErrorKey, string>>;

const empty: BookingFormValues = { name: '', author: '', address: '', phone: '' };

// The form names the email field "author" (the spec's name, docs/product.md#bookings); the API
// calls it email.
const fieldFor: Record<BookingField, ErrorKey | undefined> = {
  name: 'name',
  email: 'author',
  address: 'address',
  phone: 'phone',
  departureId: 'departure',
  travellers: 'travellers',
  packageId: undefined,
  language: undefined,
};

// Where focus goes on a refused submit: the first refused field, in the order they are shown.
const focusOrder: ErrorKey[] = ['departure', 'travellers', 'name', 'author', 'address', 'phone'];

const toFormErrors = (errors: FieldErrors) => {
  const out: FormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    const key = fieldFor[field as BookingField];
    if (key && message) out[key] = message;
  }
  return out;
};

// Empty stays NaN so the shared schema says what is wrong, as it does for the API.
const parseTravellers = (raw: string) => (raw.trim() === '' ? Number.NaN : Number(raw));

// The words below are the page's language's (`tr`, from useT()); the dates too.
type Words = Pick<Translator, 't' | 'tp' | 'language'>;

// The seats of the chosen date cap the party, below the brand's limit of twelve.
function seatsProblem(
  travellers: number,
  departure: Departure | undefined,
  { tp, language }: Words,
): string | undefined {
  if (!departure || !isBookable(departure) || travellers <= departure.seatsLeft) return undefined;
  return tp(
    departure.seatsLeft,
    'Only {count} seat left on {date}: choose {count} traveller, or another date.',
    'Only {count} seats left on {date}: choose {count} travellers or fewer, or another date.',
    { date: formatTripDate(departure.startsOn, language) },
  );
}

// The shared schema's own words for a party outside 1-12 (shown through `known`), then the seats
// of the date.
function travellersProblem(raw: string, departure: Departure | undefined, words: Words): string | undefined {
  const travellers = parseTravellers(raw);
  const checked = z.safeParse(bookingInputSchema.def.shape.travellers, travellers);
  if (!checked.success) return checked.error.issues[0]?.message;
  return seatsProblem(travellers, departure, words);
}

function unavailableText(departure: Departure, { t, language }: Words) {
  const date = formatTripDate(departure.startsOn, language);
  return departure.status === 'closed'
    ? t('{date} is closed for booking now. Please choose another date.', { date })
    : t('{date} is sold out now. Join its waiting list below, or choose another date.', { date });
}

// Under Book Now, when the chosen date is all that stands in the way: the date's own words, with
// the waiting list (shown above the details) as the way on, not "check the highlighted fields".
function unavailableSummary(departure: Departure, words: Words) {
  return departure.status === 'closed'
    ? unavailableText(departure, words)
    : words.t('{date} is sold out, so it cannot be booked. Join its waiting list, or choose another date.', {
        date: formatTripDate(departure.startsOn, words.language),
      });
}

// "Guaranteed departure", "2 more travellers to guarantee this date", or nothing (no minimum).
function guaranteeText(departure: Departure | undefined, { t, tp }: Words) {
  if (!departure || departure.status !== 'open') return null;
  if (departure.guaranteed) return t('Guaranteed departure');
  return departure.toGuarantee > 0
    ? tp(
        departure.toGuarantee,
        '{count} more traveller to guarantee this date',
        '{count} more travellers to guarantee this date',
      )
    : null;
}

// Name (prefilled), author labelled Email (prefilled), address, phone (docs/product.md#bookings),
// with the departure and the number of travellers. On any failure every value stays
// where it was typed.
export function BookingForm({
  packageId,
  owner,
  price,
  initial,
  onSubmit,
  onBooked,
  paymentTerms,
  onJoinWaitlist,
}: BookingFormProps) {
  // A draft of this package kept in the tab (a reload, a sign-out elsewhere) wins over the prefill.
  // It lives in sessionStorage, which the server cannot read: while a server-rendered page
  // hydrates, the first render must be the server's (prefill, 1 traveller) or React reports a
  // mismatch (#418) and renders the page again; the draft is put in just after, below. A page the
  // browser renders itself (a link followed) reads it at once.
  const hydrated = useHydrated();
  const [draft] = useState(() => (hydrated ? readDraft(owner, packageId) : null));
  const [values, setValues] = useState<BookingFormValues>(draft?.values ?? initial);
  const [travellersRaw, setTravellersRaw] = useState(draft?.travellers ?? '1');
  const [chosenId, setChosenId] = useState<string | null>(draft?.departureId ?? null);
  const sent = useRef(false);
  const words = useT();
  const { t, tp, known, language, to } = words;
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState('');
  // The form's message only points at the fields it highlighted: once each is corrected it goes
  // too, rather than say "check the highlighted fields" with none highlighted.
  const [formErrorIsSummary, setFormErrorIsSummary] = useState(false);
  const [busy, setBusy] = useState(false);
  const [joining, setJoining] = useState(false);
  const [joinError, setJoinError] = useState('');
  const [waitlisted, setWaitlisted] = useState<WaitlistEntry | null>(null);
  // The party asked for: joining again answers the entry already there, which may be for another
  // party size (one live entry per traveller and date), and the form must not hide that.
  const [joinedFor, setJoinedFor] = useState<number | null>(null);
  const departures = useDepartures(packageId);
  // One key per booking attempt, kept across retries and double clicks, renewed once stored.
  const idempotencyKey = useRef<string>(crypto.randomUUID());
  const busyRef = useRef(false);
  const joinRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  // After hydration, before the paint: the draft, then (below) whatever was typed before hydration.
  const draftRead = useRef(hydrated);
  useLayoutEffect(() => {
    if (draftRead.current) return;
    draftRead.current = true;
    const kept = readDraft(owner, packageId);
    if (!kept) return;
    setValues(kept.values);
    setTravellersRaw(kept.travellers);
    setChosenId(kept.departureId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the hydrated page's first commit
  }, []);

  // Typed, autofilled or chosen before the server-rendered page hydrated (src/lib/use-typed-before-hydration.ts).
  useTypedBeforeHydration(formRef, (field, value) => {
    if (field === 'travellers') setTravellersRaw(value);
    else if (field === 'departure') setChosenId(value);
    else if (field === 'name' || field === 'author' || field === 'address' || field === 'phone')
      setValues((v) => ({ ...v, [field]: value }));
  });

  useEffect(() => {
    // Once stored, the form's reset must not write the emptied values back.
    if (sent.current) return;
    saveDraft(owner, packageId, { values, travellers: travellersRaw, departureId: chosenId });
  }, [owner, packageId, values, travellersRaw, chosenId]);

  const list = departures.state.status === 'success' ? departures.state.departures : null;
  const bookable = list?.filter(isBookable) ?? [];
  // The earliest bookable date until the traveller picks one; a pick stays picked even when a
  // refresh finds it sold out, so the form can say so rather than quietly book another date.
  const selected = list?.find((d) => d.id === chosenId) ?? bookable[0];
  const noneBookable = list !== null && bookable.length === 0;

  const travellers = parseTravellers(travellersRaw);
  const liveTravellersError =
    travellersRaw.trim() === '' ? undefined : travellersProblem(travellersRaw, selected, words);
  // The server's and the schema's English, in the page's language where the catalogue has it.
  const travellersProblemShown = errors.travellers ?? liveTravellersError;
  const travellersError = travellersProblemShown && known(travellersProblemShown);
  const joinedHere =
    waitlisted !== null && selected !== undefined && waitlisted.departureId === selected.id
      ? waitlisted
      : null;
  // Once the party is on this date's waiting list, the box below says so: "sold out, join its
  // waiting list" would contradict it.
  const departureError =
    errors.departure ??
    (selected && !isBookable(selected) && !joinedHere ? unavailableText(selected, words) : undefined);
  const cap =
    selected && isBookable(selected)
      ? Math.min(bookingLimits.travellersMax, selected.seatsLeft)
      : bookingLimits.travellersMax;

  // A full date, or a party larger than the seats left: the waiting list takes the whole party.
  const canWait =
    onJoinWaitlist !== undefined &&
    selected !== undefined &&
    selected.status === 'open' &&
    Number.isInteger(travellers) &&
    travellers >= bookingLimits.travellersMin &&
    travellers <= bookingLimits.travellersMax &&
    travellers > selected.seatsLeft &&
    travellers <= selected.capacity;
  // A party larger than the whole date could wait forever: say so instead of offering the list.
  const overCapacity =
    selected !== undefined &&
    selected.status === 'open' &&
    Number.isInteger(travellers) &&
    travellers > selected.capacity &&
    travellers <= bookingLimits.travellersMax;

  const join = async () => {
    if (!selected || !onJoinWaitlist || joining) return;
    setJoining(true);
    setJoinError('');
    try {
      setWaitlisted(await onJoinWaitlist(selected.id, travellers));
      setJoinedFor(travellers);
      setErrors((e) => (e.departure ? { ...e, departure: undefined } : e));
    } catch (error) {
      setJoinError(
        error instanceof ApiError
          ? known(error.message)
          : t('The waiting list could not be joined. Please try again.'),
      );
      // 409: seats are there after all (or the date closed): show the seats as they are now.
      if (error instanceof ApiError && error.status === 409) void departures.refresh();
    } finally {
      setJoining(false);
    }
  };

  const clearError = (key: ErrorKey) => {
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const update = (key: keyof BookingFormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    clearError(key);
  };

  const setTravellers = (raw: string) => {
    setTravellersRaw(raw);
    clearError('travellers');
  };

  const step = (by: 1 | -1) => {
    const current = Number.isInteger(travellers) ? travellers : 1;
    setTravellers(String(Math.min(cap, Math.max(bookingLimits.travellersMin, current + by))));
  };

  const choose = (departureId: string) => {
    setChosenId(departureId);
    clearError('departure');
  };

  const focusFirst = (form: HTMLFormElement, next: FormErrors) => {
    const first = focusOrder.find((k) => next[k]);
    if (!first) return;
    const target =
      first === 'departure'
        ? (form.querySelector<HTMLInputElement>('input[name="departure"]:checked:not(:disabled)') ??
          form.querySelector<HTMLInputElement>('input[name="departure"]:not(:disabled)'))
        : form.querySelector<HTMLInputElement>(`[name="${first}"]`);
    target?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    const form = event.currentTarget;
    if (noneBookable) {
      setFormError(
        msg('No departure of this trip can be booked right now: every date is sold out or closed.'),
      );
      setFormErrorIsSummary(false);
      return;
    }
    const input = {
      packageId,
      // Without a date (the dates could not be loaded) the server takes the earliest open one.
      ...(selected ? { departureId: selected.id } : {}),
      travellers,
      name: values.name,
      email: values.author,
      address: values.address,
      phone: values.phone,
      // The emails about it are written in the page's language (docs/decisions/071-translation-layer.md).
      ...(language === 'en' ? {} : { language }),
    };
    const checked = validateBooking(input);
    const next: FormErrors = checked.success ? {} : toFormErrors(checked.fieldErrors);
    if (selected && !isBookable(selected)) next.departure = unavailableText(selected, words);
    if (!next.travellers) {
      const seats = seatsProblem(travellers, selected, words);
      if (seats) next.travellers = seats;
    }
    const onlyTheDate =
      selected !== undefined &&
      !isBookable(selected) &&
      Object.entries(next).every(([key, message]) => key === 'departure' || !message);
    if (onlyTheDate) {
      setErrors(next);
      setFormError(unavailableSummary(selected, words));
      // It goes once the date's own message does: another date chosen, or the list joined.
      setFormErrorIsSummary(true);
      // The way on: the waiting list's button when it is offered, else the dates to choose from.
      if (joinRef.current) joinRef.current.focus();
      else focusFirst(form, next);
      return;
    }
    if (!checked.success || Object.values(next).some(Boolean)) {
      setErrors(next);
      const packageError = !checked.success ? checked.fieldErrors.packageId : undefined;
      setFormError(packageError || msg('Please check the highlighted fields.'));
      setFormErrorIsSummary(!packageError);
      focusFirst(form, next);
      return;
    }
    busyRef.current = true;
    setBusy(true);
    setFormError('');
    // The date sent is the date kept: if the answer is a 409 and the seats are reloaded, the form
    // stays on it and says what changed, rather than slide to the next open date.
    if (selected) setChosenId(selected.id);
    try {
      const booking = await onSubmit(checked.data, idempotencyKey.current);
      idempotencyKey.current = crypto.randomUUID();
      sent.current = true;
      clearDraft(owner, packageId);
      setValues(empty);
      setTravellersRaw('1');
      setChosenId(null);
      setErrors({});
      onBooked(booking);
    } catch (error) {
      if (error instanceof ApiError) {
        const refused = toFormErrors(error.fieldErrors);
        setErrors(refused);
        setFormError(error.fieldErrors.packageId ?? error.message);
        setFormErrorIsSummary(!error.fieldErrors.packageId && Object.values(refused).some(Boolean));
        // The seats changed since the dates were loaded: show them as they are now. Nothing
        // typed is touched; the travellers field says if the party no longer fits.
        if (error.status === 409) void departures.refresh();
      } else {
        setFormError(msg('Something went wrong. Your details are kept: please try again.'));
        setFormErrorIsSummary(false);
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  const fieldProps = (key: keyof BookingFormValues) => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key],
    onChange: update(key),
    error: errors[key] && known(errors[key]),
  });

  const travellersId = `${id}-travellers`;
  const validParty = Number.isInteger(travellers) && !travellersProblem(travellersRaw, selected, words);
  // The chosen date's own price when it has one (the server's is the one stored).
  const unitPrice = typeof selected?.price === 'number' ? selected.price : price;
  const party = tp(travellers, '{count} traveller', '{count} travellers');
  const each = formatPrice(unitPrice, language);

  return (
    <form
      ref={formRef}
      className="form booking-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
    >
      <h2 id={`${id}-title`}>{t('Book this trip')}</h2>

      {departures.state.status === 'loading' ? (
        <div className="departures departures--loading" role="status">
          <p className="departures__legend">{t('Departure')}</p>
          <div className="departures__grid" aria-hidden="true">
            <span className="date-card date-card--skeleton skeleton" />
            <span className="date-card date-card--skeleton skeleton" />
            <span className="date-card date-card--skeleton skeleton" />
          </div>
          <span className="sr-only">{t('Loading the departure dates…')}</span>
        </div>
      ) : null}
      {departures.state.status === 'error' ? (
        <div className="departures notice notice--error">
          <p className="departures__legend">{t('Departure')}</p>
          <p>{known(departures.state.message)}</p>
          <p className="departures__fallback">
            {t('You can still book: we will put you on the earliest date with room for your party.')}
          </p>
          <button type="button" className="button button--outline" onClick={departures.retry}>
            {t('Retry')}
          </button>
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <DeparturePicker
          departures={list}
          selectedId={selected?.id ?? null}
          onSelect={choose}
          error={departureError && known(departureError)}
          idPrefix={`${id}-departure`}
          basePrice={price}
        />
      ) : null}
      {guaranteeText(selected, words) ? (
        <p className="departure-guarantee" data-guaranteed={selected?.guaranteed || undefined}>
          {guaranteeText(selected, words)}
        </p>
      ) : null}
      {list && noneBookable && !list.some((d) => d.status === 'open') ? (
        <div className="departures notice" role="status">
          <p className="departures__legend">{list.length === 0 ? t('Departure') : t('No open dates')}</p>
          <p>
            {list.length === 0
              ? t('No departures are scheduled for this trip yet.')
              : t('Every date of this trip is sold out or closed right now.')}{' '}
            {t('Call us on ')}
            <a href={site.phoneHref}>{site.phone}</a>
            {t(' or write to')} <a href={`mailto:${site.email}`}>{site.email}</a>
            {t(' and we will find you a place.')}
          </p>
        </div>
      ) : null}

      <Field
        id={travellersId}
        label={t('Travellers')}
        error={travellersError}
        hint={
          selected && isBookable(selected) && selected.seatsLeft < bookingLimits.travellersMax
            ? t('Up to {count} on this date.', { count: cap })
            : t('Up to {count} a booking: our groups stay small.', { count: bookingLimits.travellersMax })
        }
      >
        {(wired) => (
          <div className="stepper">
            <button
              type="button"
              className="stepper__button"
              aria-label={t('Remove a traveller')}
              aria-controls={travellersId}
              aria-disabled={Number.isInteger(travellers) && travellers <= bookingLimits.travellersMin}
              onClick={() => step(-1)}
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              {...wired}
              className="stepper__input"
              name="travellers"
              type="number"
              inputMode="numeric"
              min={bookingLimits.travellersMin}
              max={cap}
              step={1}
              value={travellersRaw}
              onChange={(e) => setTravellers(e.target.value)}
            />
            <button
              type="button"
              className="stepper__button"
              aria-label={t('Add a traveller')}
              aria-controls={travellersId}
              aria-disabled={Number.isInteger(travellers) && travellers >= cap}
              onClick={() => step(1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        )}
      </Field>

      <div className="booking-total">
        <span className="booking-total__label" id={`${id}-total`}>
          {t('Total')}
        </span>
        <output className="booking-total__sum" htmlFor={travellersId} aria-labelledby={`${id}-total`}>
          {validParty ? (
            <>
              {party} × {each} = <strong>{formatPrice(unitPrice * travellers, language)}</strong>
            </>
          ) : (
            <>
              {each}
              {t(' per traveller')}
            </>
          )}
        </output>
      </div>

      {selected && overCapacity && !joinedHere ? (
        <p className="form-error waitlist-too-big" role="status">
          {known(partyOverCapacityMessage(selected.capacity, travellers))}
        </p>
      ) : null}
      {selected && (canWait || joinedHere) ? (
        <section className="waitlist-offer" aria-labelledby={`${id}-waitlist`}>
          <h3 className="waitlist-offer__title" id={`${id}-waitlist`}>
            {joinedHere ? t('You are on the waiting list') : t('Join the waiting list')}
          </h3>
          {/* The waiting list's words in the page's language: its emails are in it too (the entry
              keeps it, src/routes/package.tsx). */}
          {joinedHere ? (
            <p role="status">
              {t(
                'We hold seats for your party of {travellers} on {date} as soon as they come free, and email you. Accept the offer in ',
                { travellers: joinedHere.travellers, date: formatTripDate(joinedHere.startsOn, language) },
              )}
              <Link to={to(paths.bookings)}>{t('My bookings')}</Link>.
              {joinedFor !== null && joinedFor !== joinedHere.travellers ? (
                <>
                  {' '}
                  {t(
                    'You were already on this list for {travellers}: to wait for {wanted} instead, leave it in My bookings and join again.',
                    {
                      travellers: tp(joinedHere.travellers, '{count} traveller', '{count} travellers'),
                      wanted: joinedFor,
                    },
                  )}
                </>
              ) : null}
            </p>
          ) : (
            <>
              <p>
                {selected.seatsLeft === 0
                  ? t('{date} is sold out.', { date: formatTripDate(selected.startsOn, language) })
                  : tp(
                      selected.seatsLeft,
                      'Only {count} seat is left on {date}.',
                      'Only {count} seats are left on {date}.',
                      {
                        date: formatTripDate(selected.startsOn, language),
                      },
                    )}{' '}
                {travellers === 1
                  ? t('Wait for a seat: when one comes free we hold it for you and email you.')
                  : t(
                      'Wait for {travellers} travellers together: when seats come free we hold them for your whole party and email you.',
                      { travellers },
                    )}
              </p>
              <button
                ref={joinRef}
                type="button"
                className="button button--primary"
                onClick={() => void join()}
                aria-busy={joining}
              >
                {joining ? t('Joining…') : t('Join the waiting list')}
              </button>
            </>
          )}
          {joinError ? (
            <p className="form-error" role="alert">
              {joinError}
            </p>
          ) : null}
        </section>
      ) : null}

      <h3 className="booking-form__subhead">{t('Your details')}</h3>
      <ContactFields
        name={fieldProps('name')}
        email={fieldProps('author')}
        address={fieldProps('address')}
        phone={fieldProps('phone')}
        phoneHint={t('With the country code if you are outside the US, e.g. +44 7700 900123.')}
      />
      <p className="form-error" role="alert">
        {formErrorIsSummary && !Object.values(errors).some(Boolean) ? '' : known(formError)}
      </p>
      <button type="submit" className="button button--accent button--block" aria-busy={busy}>
        {busy ? t('Booking…') : t('Book Now')}
      </button>
      <BookingTerms
        className="booking-form__terms"
        startsOn={selected?.startsOn}
        paymentTerms={paymentTerms}
      />
    </form>
  );
}
