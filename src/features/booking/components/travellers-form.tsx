import { useId, useState, type FormEvent } from 'react';
import { useDetailsForm } from '~/features/booking/hooks/use-details-form';
import { Link } from 'react-router';
import {
  checkGuest,
  completeCount,
  guestComplete,
  guestFields,
  hasAnyDetail,
  guestLabels,
  type GuestField,
} from '#contracts/guests';
import {
  GuestFieldsGrid,
  toDraft,
  toGuest,
  type GuestDraft,
} from '~/features/booking/components/guest-fields';
import { TravellerInvite } from '~/features/booking/components/traveller-invite';
import { paths } from '~/config/paths';
import { saveTravellers } from '~/features/booking/api/bookings-api';
import { getPackageQuestions } from '~/features/booking/api/package-questions';
import { DetailsFormFooter } from '~/features/booking/components/details-form-footer';
import { askedIn, QuestionFields } from '~/features/booking/components/question-fields';
import { answersComplete, checkAnswers, type Answers } from '#contracts/answers';
import { useAsyncData } from '~/lib/use-async-data';
import { detailsCutoffDays, detailsOption } from '~/features/booking/utils/my-trips';
import { useTypedBeforeHydration } from '~/lib/use-typed-before-hydration';
import { formatBirthDate, formatTripDate } from '#contracts/format';
import { todayIso } from '#contracts/iso-dates';
import { site } from '~/lib/site';
import { translationIn } from '~/lib/catalogue-text';
import { useT } from '~/lib/i18n';
import type { Booking } from '#contracts/api';

type Draft = GuestDraft;

// /bookings/:id/travellers: one fieldset per traveller. Any field may stay empty and be filled
// later; what is typed stays in the form whatever the server answers.
export function TravellersForm({ booking: initial }: { booking: Booking }) {
  const id = useId();
  const { t, tp, known, to, language } = useT();
  const [booking, setBooking] = useState(initial);
  const [drafts, setDrafts] = useState<Draft[]>(() => initial.guests.map(toDraft));
  const [answers, setAnswers] = useState<Answers[]>(() => initial.guests.map((g) => g.answers ?? {}));
  // The package's questions load beside the form; until then (or without any) it asks none.
  const questionsState = useAsyncData(`questions:${initial.packageId}`, (signal) =>
    getPackageQuestions(initial.packageId, signal),
  ).state;
  const questions =
    questionsState.status === 'success'
      ? askedIn(
          language,
          questionsState.data.questions,
          translationIn(questionsState.data.translations, language)?.questions,
        )
      : [];
  // "2 of 4 travellers complete" (as My bookings' completeLabel says it), in the page's language.
  const progress = (b: Booking) =>
    tp(b.travellers, '{done} of {count} traveller complete', '{done} of {count} travellers complete', {
      done: b.travellersComplete ?? completeCount(b.guests),
    });
  const { formRef, errors, setErrors, formError, setFormError, saved, setSaved, busy, setBusy, ...form } =
    useDetailsForm();
  // Typed or autofilled before the server-rendered page hydrated (src/lib/use-typed-before-hydration.ts).
  useTypedBeforeHydration(formRef, (name, value) => {
    const [, index, field] = /^guests\.(\d+)\.(\w+)$/.exec(name) ?? [];
    if (index === undefined || !guestFields.includes(field as GuestField)) return;
    setDrafts((all) => all.map((d, i) => (i === Number(index) ? { ...d, [field as GuestField]: value } : d)));
  });
  const option = detailsOption(booking);
  // The day dates of birth are judged against, by the badges and by Save alike.
  const today = todayIso('local');

  const update = (index: number, field: GuestField) => (value: string) => {
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, [field]: value } : d)));
    form.edited(`guests.${index}.${field}`);
  };

  const answer = (index: number) => (questionId: string, value: string | boolean | undefined) => {
    setAnswers((all) =>
      all.map((a, i) => {
        if (i !== index) return a;
        const { [questionId]: _old, ...rest } = a;
        return value === undefined ? rest : { ...rest, [questionId]: value };
      }),
    );
    form.edited(`guests.${index}.answers.${questionId}`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSaved('');
    setFormError('');
    // The same checks as the server, so most mistakes are shown without a round trip.
    const local: Record<string, string> = {};
    drafts.forEach((d, i) => {
      const { errors: found } = checkGuest(toGuest(d), today);
      for (const [field, message] of Object.entries(found)) local[`guests.${i}.${field}`] = message;
      const checked = checkAnswers(questions, answers[i]);
      for (const [q, message] of Object.entries(checked.errors)) local[`guests.${i}.answers.${q}`] = message;
    });
    if (form.refusedLocally(local)) return;
    setBusy(true);
    try {
      const updated = await saveTravellers(
        booking.id,
        drafts.map((d, i) => ({ ...toGuest(d), answers: answers[i] ?? {} })),
      );
      // A traveller whose name was replaced is someone else now: the server ended their personal
      // link (server/src/guests/repository.ts), so the lead hears it here and can invite again.
      const ended = updated.guests
        .map((g, i) =>
          booking.guests[i]?.inviteStatus === 'invited' && g.inviteStatus === 'not-invited' ? i + 1 : 0,
        )
        .filter((n) => n > 0);
      setBooking(updated);
      setDrafts(updated.guests.map(toDraft));
      setAnswers(updated.guests.map((g) => g.answers ?? {}));
      setErrors({});
      setSaved(
        (updated.detailsComplete
          ? t('Saved. Every traveller’s details are complete: thank you.')
          : t('Saved. {progress}: you can add the rest later.', { progress: progress(updated) })) +
          (ended.length > 0
            ? t(
                ' The personal link of {travellers} has ended, as their name changed: invite them again if they should fill in their own details.',
                { travellers: ended.map((n) => t('traveller {number}', { number: n })).join(t(' and ')) },
              )
            : ''),
      );
    } catch (error) {
      // The drafts stay as typed: nothing is lost on a failed save.
      form.failed(error, t('The details could not be saved. Your changes are still here: please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const heading = (
    <div className="travellers__intro">
      <p className="travellers__kicker">
        {booking.packageName} · {formatTripDate(booking.startsOn, language)} ·{' '}
        <span className="summary__ref">{booking.reference}</span>
      </p>
      <h1>{t('Travellers’ details')}</h1>
      <p className="section__lead">
        {t(
          'Your guide uses these at the meeting point: who is coming, what they cannot eat, and whom to call in an emergency.',
        )}
        {option === 'edit'
          ? t(
              ' Fill in what you know now and come back for the rest; you can change them until {days} days before departure.',
              { days: detailsCutoffDays },
            )
          : null}
      </p>
      <p className="travellers__progress" data-complete={booking.detailsComplete}>
        {progress(booking)}
      </p>
    </div>
  );

  if (option !== 'edit') {
    return (
      <>
        {heading}
        <div className="notice" role="status">
          <p>
            {booking.status === 'cancelled'
              ? t('This booking is cancelled, so its travellers’ details can no longer be changed.')
              : option === 'closed'
                ? t(
                    'The details can be changed online until {days} days before departure. To change them now, call us on ',
                    { days: detailsCutoffDays },
                  )
                : t('This trip has already left.')}
            {option === 'closed' ? (
              <>
                <a href={site.phoneHref}>{site.phone}</a>
                {t(' or email ')}
                <a href={`mailto:${site.email}`}>{site.email}</a>.
              </>
            ) : null}
          </p>
        </div>
        {option === 'closed' ? (
          // Inside the cutoff the details are read, not changed: what the guide will have.
          <div className="travellers__readonly">
            {booking.guests.map((guest, index) => (
              <section key={index} className="travellers__person" aria-labelledby={`${id}-read-${index}`}>
                <h2 className="travellers__legend" id={`${id}-read-${index}`}>
                  {t('Traveller {number}', { number: index + 1 })}
                  {index === 0 ? t(' (lead)') : ''}
                </h2>
                {hasAnyDetail(guest) ? (
                  <dl className="travellers__facts">
                    {guestFields.map((field) => (
                      <div key={field}>
                        <dt>{known(guestLabels[field])}</dt>
                        <dd>
                          {field === 'dateOfBirth' && guest.dateOfBirth ? (
                            formatBirthDate(guest.dateOfBirth, language)
                          ) : guest[field] ? (
                            guest[field]
                          ) : (
                            <span className="travellers__missing">{t('Not given')}</span>
                          )}
                        </dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  <p className="travellers__missing">{t('No details were given for this traveller.')}</p>
                )}
              </section>
            ))}
          </div>
        ) : null}
        <p>
          <Link className="button button--outline" to={to(paths.bookings)}>
            {t('Back to my bookings')}
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      {heading}
      <form ref={formRef} className="form travellers" noValidate onSubmit={submit}>
        {drafts.map((draft, index) => {
          // Complete means filled in and acceptable: a date of birth in the future, or a field the
          // server refused, is not complete, whatever else is filled in.
          const guest = toGuest(draft);
          const done =
            guestComplete(guest) &&
            answersComplete(questions, answers[index]) &&
            Object.keys(checkGuest(guest, today).errors).length === 0 &&
            !Object.keys(errors).some((key) => key.startsWith(`guests.${index}.`));
          const legendId = `${id}-t${index}`;
          return (
            <fieldset key={index} className="travellers__person" aria-labelledby={legendId}>
              <legend id={legendId} className="travellers__legend">
                <span>
                  {t('Traveller {number}', { number: index + 1 })}
                  {index === 0 ? t(' (lead)') : ''}
                </span>
                <span className="travellers__state" data-done={done}>
                  {done ? t('Complete') : t('To complete')}
                </span>
              </legend>
              {index > 0 ? (
                <TravellerInvite
                  bookingId={booking.id}
                  index={index}
                  status={booking.guests[index]?.inviteStatus ?? 'not-invited'}
                  onInvited={(status) =>
                    setBooking((b) => ({
                      ...b,
                      guests: b.guests.map((g, i) => (i === index ? { ...g, inviteStatus: status } : g)),
                    }))
                  }
                />
              ) : null}
              <GuestFieldsGrid
                idPrefix={`${id}-${index}`}
                name={`guests.${index}`}
                draft={draft}
                errors={errors}
                today={today}
                own={index === 0}
                onChange={(field, value) => update(index, field)(value)}
              />
              <QuestionFields
                index={index}
                idPrefix={id}
                questions={questions}
                answers={answers[index] ?? {}}
                errors={errors}
                onChange={answer(index)}
              />
            </fieldset>
          );
        })}
        <DetailsFormFooter
          formError={formError}
          saved={saved}
          busy={busy}
          saveLabel={t('Save details')}
          actions={
            <Link className="button button--outline" to={to(paths.bookings)}>
              {t('Back to my bookings')}
            </Link>
          }
          hint={
            completeCount(booking.guests, questions) === booking.travellers
              ? t('All set. You can still change anything until the cutoff.')
              : t('Empty fields are fine for now: save, and come back to finish.')
          }
        />
      </form>
    </>
  );
}
