// The package's own questions (contracts/answers.ts), asked of one traveller in the details form
// and on their personal link: a text field, Yes / No radios, or a choice from a list. Named
// {name}.answers.{questionId} (guests.{i} on the lead's form, guest on the link), as the server
// keys its messages. A required question says so beside its label: the traveller's details are
// not complete without it.
import { FieldError, InputField, SelectField } from '~/components/field';
import { answerTextMax, type AnswerQuestion, type Answers } from '#contracts/answers';
import type { GuestQuestionTranslation } from '#contracts/guest-links';
import type { Language } from '#contracts/language';
import { shownText, type ShownText } from '~/lib/catalogue-text';
import { useT } from '~/lib/i18n';

// A question as the page asks it: on another language's page its text is the console's
// translation (migration 68), else the English marked lang="en"; its choices are shown likewise
// but keep their English values, which are what is stored and checked (contracts/answers.ts). The
// label is the one shown, so the checks' messages name the question as the page does.
export type AskedQuestion = AnswerQuestion & { lang?: 'en'; choiceTexts?: ShownText[] };

export function askedIn(
  language: Language,
  questions: readonly AnswerQuestion[],
  translated: readonly GuestQuestionTranslation[] | undefined,
): AskedQuestion[] {
  if (language === 'en') return [...questions];
  return questions.map((q) => {
    const own = translated?.find((t) => t.id === q.id);
    const label = shownText(language, q.label, own?.label);
    return {
      ...q,
      label: label.text,
      lang: label.lang,
      choiceTexts: q.choices.map((choice, i) => shownText(language, choice, own?.choices[i])),
    };
  });
}

type Props = {
  index: number;
  // The traveller's field names' prefix: guests.{index} unless given.
  name?: string;
  idPrefix: string;
  questions: readonly AskedQuestion[];
  answers: Answers;
  errors: Record<string, string>;
  onChange: (questionId: string, value: string | boolean | undefined) => void;
};

export function QuestionFields({
  index,
  name: prefix,
  idPrefix,
  questions,
  answers,
  errors,
  onChange,
}: Props) {
  const { t, known } = useT();
  if (questions.length === 0) return null;
  const base = prefix ?? `guests.${index}`;
  // The English page's label as it always read: one text when optional.
  const labelOf = (q: AskedQuestion) => {
    const text = q.lang ? <span lang={q.lang}>{q.label}</span> : q.label;
    if (q.required) {
      return (
        <>
          {text} <span className="field__required">{t('(required)')}</span>
        </>
      );
    }
    return q.lang ? (
      <>
        {text} {t('(optional)')}
      </>
    ) : (
      `${q.label} ${t('(optional)')}`
    );
  };
  return (
    <div className="travellers__questions">
      {questions.map((q) => {
        const name = `${base}.answers.${q.id}`;
        const id = `${idPrefix}-${index}-q-${q.id}`;
        // A check's message in the page's language (contracts/answers.ts marks them).
        const raw = errors[name];
        const error = raw ? known(raw) : raw;
        const value = answers[q.id];
        if (q.kind === 'yesno') {
          const errorId = `${id}-error`;
          return (
            <fieldset
              key={q.id}
              className="field travellers__field travellers__yesno"
              aria-describedby={error ? errorId : undefined}
              aria-invalid={error ? true : undefined}
            >
              <legend>{labelOf(q)}</legend>
              <div className="travellers__radios">
                {[true, false].map((option) => (
                  <label key={String(option)} className="travellers__radio">
                    <input
                      type="radio"
                      name={name}
                      value={option ? 'yes' : 'no'}
                      checked={value === option}
                      aria-invalid={error ? true : undefined}
                      onChange={() => onChange(q.id, option)}
                    />
                    {option ? t('Yes') : t('No')}
                  </label>
                ))}
              </div>
              <FieldError id={errorId} error={error} />
            </fieldset>
          );
        }
        // A choice and a written answer: the same field but for its control.
        const field = {
          id,
          name,
          label: labelOf(q),
          className: 'travellers__field',
          value: typeof value === 'string' ? value : '',
          error,
        };
        if (q.kind === 'choice') {
          return (
            <SelectField
              key={q.id}
              {...field}
              onChange={(e) => onChange(q.id, e.target.value === '' ? undefined : e.target.value)}
            >
              <option value="">{t('Choose…')}</option>
              {q.choices.map((choice, i) => {
                const shown = q.choiceTexts?.[i];
                return (
                  <option key={choice} value={choice} lang={shown?.lang}>
                    {shown ? shown.text : choice}
                  </option>
                );
              })}
            </SelectField>
          );
        }
        return (
          <InputField
            key={q.id}
            {...field}
            maxLength={answerTextMax}
            autoComplete="off"
            onChange={(e) => onChange(q.id, e.target.value)}
          />
        );
      })}
    </div>
  );
}
