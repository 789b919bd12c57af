// The package's own questions (contracts/answers.ts), asked of one traveller in the details form
// and on their personal link: a text field, Yes / No radios, or a choice from a list. Named
// {name}.answers.{questionId} (guests.{i} on the lead's form, guest on the link), as the server
// keys its messages. A required question says so beside its label: the traveller's details are
// not complete without it.
import { FieldError, InputField, SelectField } from '~/components/field';
import { answerTextMax, type AnswerQuestion, type Answers } from '#contracts/answers';

type Props = {
  index: number;
  // The traveller's field names' prefix: guests.{index} unless given.
  name?: string;
  idPrefix: string;
  questions: readonly AnswerQuestion[];
  answers: Answers;
  errors: Record<string, string>;
  onChange: (questionId: string, value: string | boolean | undefined) => void;
};

const labelOf = (q: AnswerQuestion) =>
  q.required ? (
    <>
      {q.label} <span className="field__required">(required)</span>
    </>
  ) : (
    `${q.label} (optional)`
  );

export function QuestionFields({
  index,
  name: prefix,
  idPrefix,
  questions,
  answers,
  errors,
  onChange,
}: Props) {
  if (questions.length === 0) return null;
  const base = prefix ?? `guests.${index}`;
  return (
    <div className="travellers__questions">
      {questions.map((q) => {
        const name = `${base}.answers.${q.id}`;
        const id = `${idPrefix}-${index}-q-${q.id}`;
        const error = errors[name];
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
                    {option ? 'Yes' : 'No'}
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
              <option value="">Choose…</option>
              {q.choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice}
                </option>
              ))}
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
