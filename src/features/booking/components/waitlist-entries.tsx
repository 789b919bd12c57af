import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ConfirmQuestion } from '~/components/confirm-question';
import { ContactFields } from '~/features/booking/components/contact-fields';
import { validateBooking, type FieldErrors } from '#contracts/booking';
import { waitlistStatusLabels } from '#contracts/waitlist';
import { acceptOffer, leaveWaitlist } from '~/features/booking/api/waitlist-api';
import { ApiError } from '~/lib/api-client';
import { formatDeadline, formatTripDate } from '#contracts/format';
import type { Booking, WaitlistEntry } from '#contracts/api';
import { useT } from '~/lib/i18n';

export type OfferDetails = { name: string; email: string; address: string; phone: string };

type AcceptFormProps = {
  entry: WaitlistEntry;
  prefill: OfferDetails;
  onAccepted: (booking: Booking) => void;
};

// The offer becomes a booking request with the same details as any booking: prefilled from the
// account and the traveller's last booking, checked by the shared contract before sending.
function AcceptForm({ entry, prefill, onAccepted }: AcceptFormProps) {
  const [values, setValues] = useState(prefill);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // In the page's language (/es/bookings, where the offer's email leads: docs/decisions/071-translation-layer.md).
  const { t, tp, known } = useT();

  // Opened by Accept, whose button it replaces: the keyboard's focus goes to its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  // As the booking form does: the first field refused takes the focus.
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
    );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateBooking({ packageId: entry.packageId, ...values });
    if (!checked.success) {
      setErrors(checked.fieldErrors);
      setMessage(t('Please check the highlighted fields.'));
      focusFirstError();
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      onAccepted(await acceptOffer(entry.id, values));
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fieldErrors);
        setMessage(known(error.message));
        focusFirstError();
      } else setMessage(t('The offer could not be accepted. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const field = (key: keyof OfferDetails) => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key],
    error: errors[key] && known(errors[key]),
    onChange: (e: { target: { value: string } }) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });

  return (
    <form
      ref={formRef}
      className="form accept-form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={t('Accept the offer')}
    >
      <ContactFields
        name={field('name')}
        email={field('email')}
        address={field('address')}
        phone={field('phone')}
      />
      <p className="form-error" role="alert">
        {message}
      </p>
      <button type="submit" className="button button--accent" aria-busy={busy}>
        {busy
          ? t('Booking…')
          : t('Book {travellers}', {
              travellers: tp(entry.travellers, '{count} traveller', '{count} travellers'),
            })}
      </button>
    </form>
  );
}

type WaitlistEntriesProps = {
  entries: WaitlistEntry[];
  prefill: OfferDetails;
  onUpdated: (entry: WaitlistEntry) => void;
  onBooked: (booking: Booking, entry: WaitlistEntry) => void;
};

// My bookings' waiting lists: each entry's state, an offer's deadline, Accept and Leave.
export function WaitlistEntries({ entries, prefill, onUpdated, onBooked }: WaitlistEntriesProps) {
  const [accepting, setAccepting] = useState<string | null>(null);
  // Leave asks once: an offer's held seats go to the next party at once, and cannot come back.
  const [leaving, setLeaving] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const articles = useRef(new Map<string, HTMLElement>());
  const { t, tp, known, language } = useT();
  const date = (iso: string) => formatTripDate(iso, language);
  // Asked, the safe answer has the focus.
  const stayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (leaving) stayRef.current?.focus();
  }, [leaving]);

  const leave = async (entry: WaitlistEntry) => {
    setErrors((e) => ({ ...e, [entry.id]: '' }));
    try {
      onUpdated(await leaveWaitlist(entry.id));
      setLeaving(null);
      // Its buttons go with it: the keyboard's focus stays on the entry, now "Left".
      requestAnimationFrame(() => articles.current.get(entry.id)?.focus());
    } catch (error) {
      setErrors((e) => ({
        ...e,
        [entry.id]:
          error instanceof ApiError ? known(error.message) : t('Could not leave the list. Please try again.'),
      }));
    }
  };

  return (
    <section className="trips waitlist" aria-labelledby="waitlist-title">
      <h2 className="trips__title" id="waitlist-title">
        {t('Waiting lists')}
      </h2>
      <ol className="bookings">
        {entries.map((entry) => {
          const live = entry.status === 'waiting' || entry.status === 'offered';
          return (
            <li key={entry.id}>
              <article
                className="summary waitlist-entry"
                data-status={entry.status}
                tabIndex={-1}
                aria-label={`${entry.packageName}, ${date(entry.startsOn)}`}
                ref={(el) => {
                  if (el) articles.current.set(entry.id, el);
                  else articles.current.delete(entry.id);
                }}
              >
                <h3 className="summary__title">{entry.packageName}</h3>
                <p className="waitlist-entry__facts">
                  {date(entry.startsOn)} · {tp(entry.travellers, '{count} traveller', '{count} travellers')} ·{' '}
                  <span className="waitlist-entry__status">{known(waitlistStatusLabels[entry.status])}</span>
                </p>
                {entry.status === 'offered' && entry.offerExpiresAt ? (
                  <p className="waitlist-entry__deadline">
                    {t('Seats are held for you until ')}
                    <time dateTime={entry.offerExpiresAt}>
                      {formatDeadline(entry.offerExpiresAt, undefined, language)}
                    </time>
                    .
                  </p>
                ) : null}
                {entry.status === 'waiting' ? (
                  <p className="waitlist-entry__hint">
                    {t('We email you as soon as seats for your whole party come free.')}
                  </p>
                ) : null}
                {live && leaving === entry.id ? (
                  <ConfirmQuestion
                    className="waitlist-entry__actions"
                    label={t('Leave this waiting list?')}
                    question={
                      <p className="waitlist-entry__confirm">
                        {entry.status === 'offered'
                          ? t(
                              'Leave this waiting list? The seats held for you go to the next traveller waiting.',
                            )
                          : t('Leave this waiting list? You lose your place in it.')}
                      </p>
                    }
                    yes={{
                      text: t('Yes, leave'),
                      className: 'button button--outline',
                      onClick: () => void leave(entry),
                    }}
                    no={{
                      text: t('Stay on the list'),
                      className: 'button button--primary',
                      ref: stayRef,
                      onClick: () => {
                        setLeaving(null);
                        requestAnimationFrame(() => articles.current.get(entry.id)?.focus());
                      },
                    }}
                  />
                ) : live ? (
                  <div className="waitlist-entry__actions">
                    {entry.status === 'offered' && accepting !== entry.id ? (
                      <button
                        type="button"
                        className="button button--accent"
                        onClick={() => setAccepting(entry.id)}
                      >
                        {t('Accept')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="button button--outline"
                      onClick={() => setLeaving(entry.id)}
                    >
                      {t('Leave')}
                    </button>
                  </div>
                ) : null}
                {entry.status === 'offered' && accepting === entry.id ? (
                  <AcceptForm
                    entry={entry}
                    prefill={prefill}
                    onAccepted={(booking) => onBooked(booking, entry)}
                  />
                ) : null}
                <p className="form-error" role="alert">
                  {errors[entry.id] ?? ''}
                </p>
              </article>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
