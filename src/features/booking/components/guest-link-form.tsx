import { useId, useState, type FormEvent } from 'react';
import { useDetailsForm } from '~/features/booking/hooks/use-details-form';
import { checkAnswers, type Answers } from '#contracts/answers';
import { checkGuest } from '#contracts/guests';
import type { GuestLink } from '#contracts/guest-links';
import { formatTripDate } from '#contracts/format';
import { todayIso } from '#contracts/iso-dates';
import { saveGuestLink } from '~/features/booking/api/guest-links-api';
import {
  GuestFieldsGrid,
  toDraft,
  toGuest,
  type GuestDraft,
} from '~/features/booking/components/guest-fields';
import { DetailsFormFooter } from '~/features/booking/components/details-form-footer';
import { askedIn, QuestionFields } from '~/features/booking/components/question-fields';
import { ApiError } from '~/lib/api-client';
import { translationIn } from '~/lib/catalogue-text';
import { useT } from '~/lib/i18n';

// /travellers/:token: one traveller's own details, through the personal link the lead sent them.
// No account: the link is the key. The fields, rules and messages are the lead's form's
// (guest-fields.tsx, contracts/guests.ts); errors are keyed guest.{field}.
export function GuestLinkForm({ token, link: initial }: { token: string; link: GuestLink }) {
  const id = useId();
  const { t, known, language } = useT();
  const [link, setLink] = useState(initial);
  const [draft, setDraft] = useState<GuestDraft>(() => toDraft(initial.guest));
  const [answers, setAnswers] = useState<Answers>(() => initial.guest.answers ?? {});
  // The package's questions as the link sends them, in the form's shape and the page's language.
  const questions = askedIn(
    language,
    link.questions.map((q) => ({ ...q, choices: q.choices ?? [], sensitive: false })),
    translationIn(link.translations, language)?.questions,
  );
  const { formRef, errors, setErrors, formError, setFormError, saved, setSaved, busy, setBusy, ...form } =
    useDetailsForm();
  const [closed, setClosed] = useState('');
  const today = todayIso('local');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSaved('');
    setFormError('');
    const { errors: found } = checkGuest(toGuest(draft), today);
    const local = Object.fromEntries(Object.entries(found).map(([f, m]) => [`guest.${f}`, m]));
    for (const [q, message] of Object.entries(checkAnswers(questions, answers).errors)) {
      local[`guest.answers.${q}`] = message;
    }
    if (form.refusedLocally(local)) return;
    setBusy(true);
    try {
      const updated = await saveGuestLink(token, { ...toGuest(draft), answers });
      setLink(updated);
      setDraft(toDraft(updated.guest));
      setAnswers(updated.guest.answers ?? {});
      setErrors({});
      setSaved(
        updated.complete
          ? t('Saved. Your details are complete: thank you.')
          : t('Saved. You can come back to this link to add the rest.'),
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setClosed(known(error.message));
      else
        form.failed(
          error,
          t('Your details could not be saved. Your changes are still here: please try again.'),
        );
    } finally {
      setBusy(false);
    }
  };

  const intro = (
    <div className="travellers__intro">
      <p className="travellers__kicker">
        {link.packageName} · {formatTripDate(link.startsOn, language)}
      </p>
      <h1>{t('Your details for the trip')}</h1>
      <p className="section__lead">
        {t(
          '{lead} booked this trip for you and asks you to fill in your own details: the guide uses them at the meeting point.',
          { lead: link.leadName },
        )}
        {link.editableUntil
          ? t(' You can change them until {date}.', { date: formatTripDate(link.editableUntil, language) })
          : null}
      </p>
      <p className="travellers__progress" data-complete={link.complete}>
        {link.complete ? t('Your details are complete') : t('Your details are not complete yet')}
      </p>
    </div>
  );

  if (closed) {
    return (
      <>
        {intro}
        <div className="notice" role="status">
          <p>{closed}</p>
        </div>
      </>
    );
  }

  return (
    <>
      {intro}
      <form ref={formRef} className="form travellers" noValidate onSubmit={submit}>
        <fieldset className="travellers__person" aria-labelledby={`${id}-legend`}>
          <legend id={`${id}-legend`} className="travellers__legend">
            <span>{t('Traveller {number}', { number: link.position + 1 })}</span>
          </legend>
          <GuestFieldsGrid
            idPrefix={id}
            name="guest"
            draft={draft}
            errors={errors}
            today={today}
            own
            onChange={(field, value) => {
              setDraft((d) => ({ ...d, [field]: value }));
              form.edited(`guest.${field}`);
            }}
          />
          <QuestionFields
            index={0}
            name="guest"
            idPrefix={id}
            questions={questions}
            answers={answers}
            errors={errors}
            onChange={(questionId, value) => {
              setAnswers((a) => {
                const { [questionId]: _old, ...rest } = a;
                return value === undefined ? rest : { ...rest, [questionId]: value };
              });
              form.edited(`guest.answers.${questionId}`);
            }}
          />
        </fieldset>
        <DetailsFormFooter
          formError={formError}
          saved={saved}
          busy={busy}
          saveLabel={t('Save my details')}
          hint={t('Empty fields are fine for now: save, and come back to this link to finish.')}
        />
      </form>
    </>
  );
}
