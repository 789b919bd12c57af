// The questions asked of every traveller of the package in the details form: the question, its
// kind (a text, yes or no, or one of some choices), whether it must be answered, and whether the
// answer is sensitive (erased with the other details at retention).
import { InputField, SelectField, TextAreaField } from '~/components/field';
import { catalogueLimits, type QuestionKind } from '#contracts/catalogue';
import { AddRowButton, ListRowButtons } from '~/features/admin/components/package-list-editors';
import { useRowList } from '~/features/admin/hooks/use-row-list';
import { rowKey, type QuestionDraft } from '~/features/admin/utils/package-draft';
import { Options } from '~/components/options';

const kindLabels: Record<QuestionKind, string> = {
  text: 'Text answer',
  yesno: 'Yes or no',
  choice: 'One of some choices',
};

export function QuestionsEditor({
  questions,
  errors,
  onChange,
}: {
  questions: QuestionDraft[];
  errors: Record<string, string>;
  onChange: (questions: QuestionDraft[]) => void;
}) {
  const rows = useRowList(questions, onChange, (uid, key) => `${uid}-${key}-label`);
  const uid = rows.uid;
  const set = (index: number, change: Partial<QuestionDraft>) =>
    onChange(questions.map((q, i) => (i === index ? { ...q, ...change } : q)));
  // The server may word a choice's problem by its own index (questions.1.choices.0).
  const choicesError = (index: number, prefix = '') =>
    Object.entries(errors).find(([key]) => key.startsWith(`${prefix}questions.${index}.choices`))?.[1];
  return (
    <section className="admin-panel admin-panel__pad editor-section" aria-labelledby={`${uid}-h`}>
      <h2 className="admin-panel__title" id={`${uid}-h`}>
        Questions for each traveller
      </h2>
      <p className="admin-muted editor-section__lead">
        Asked of every traveller in the details form, and shown as a column of the manifest.
      </p>
      {errors.questions ? <p className="field__error">{errors.questions}</p> : null}
      {errors['translations.es.questions'] ? (
        <p className="field__error">{errors['translations.es.questions']}</p>
      ) : null}
      <ol className="editor-rows">
        {questions.map((q, index) => (
          <li key={q.key} className="editor-row editor-row--question">
            <p className="editor-row__label">Question {index + 1}</p>
            <div className="editor-languages">
              <InputField
                label="Question"
                id={rows.idOf(q.key)}
                name={`questions.${index}.label`}
                maxLength={catalogueLimits.questionLabel}
                value={q.label}
                onChange={(e) => set(index, { label: e.target.value })}
                error={errors[`questions.${index}.label`] ?? errors[`questions.${index}.id`]}
              />
              <InputField
                label="Question in Spanish"
                name={`translations.es.questions.${index}.label`}
                lang="es"
                maxLength={catalogueLimits.questionLabel}
                value={q.labelEs}
                onChange={(e) => set(index, { labelEs: e.target.value })}
                error={errors[`translations.es.questions.${index}.label`]}
              />
            </div>
            <SelectField
              label="Kind of answer"
              name={`questions.${index}.kind`}
              value={q.kind}
              onChange={(e) => set(index, { kind: e.target.value as QuestionKind })}
              error={errors[`questions.${index}.kind`]}
            >
              <Options values={Object.keys(kindLabels) as QuestionKind[]} labels={kindLabels} />
            </SelectField>
            {q.kind === 'choice' ? (
              <div className="editor-languages">
                <TextAreaField
                  label="Choices"
                  hint={`One a line, ${catalogueLimits.choicesMin} to ${catalogueLimits.choicesMax}.`}
                  name={`questions.${index}.choices`}
                  rows={3}
                  value={q.choices}
                  onChange={(e) => set(index, { choices: e.target.value })}
                  error={choicesError(index)}
                />
                <TextAreaField
                  label="Choices in Spanish"
                  hint="One a line, in the same order."
                  name={`translations.es.questions.${index}.choices`}
                  lang="es"
                  rows={3}
                  value={q.choicesEs}
                  onChange={(e) => set(index, { choicesEs: e.target.value })}
                  error={choicesError(index, 'translations.es.')}
                />
              </div>
            ) : null}
            <div className="editor-checks">
              <label className="editor-check">
                <input
                  type="checkbox"
                  name={`questions.${index}.required`}
                  checked={q.required}
                  onChange={(e) => set(index, { required: e.target.checked })}
                />
                Required
              </label>
              <label className="editor-check">
                <input
                  type="checkbox"
                  name={`questions.${index}.sensitive`}
                  checked={q.sensitive}
                  onChange={(e) => set(index, { sensitive: e.target.checked })}
                />
                Sensitive (health, documents): erased with the other details
              </label>
            </div>
            <ListRowButtons
              rows={rows}
              index={index}
              count={questions.length}
              what={`question ${index + 1}`}
            />
          </li>
        ))}
      </ol>
      <AddRowButton
        rows={rows}
        full={questions.length >= catalogueLimits.questions}
        onAdd={() =>
          rows.add({
            key: rowKey(),
            id: '',
            label: '',
            labelEs: '',
            kind: 'text',
            choices: '',
            choicesEs: '',
            required: false,
            sensitive: false,
          })
        }
      >
        Add a question
      </AddRowButton>
    </section>
  );
}
