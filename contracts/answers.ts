// A traveller's answers to the package's questions (contracts/catalogue.ts): checked here by
// hand, without zod, so the details form and the server share the rules and the form's bundle
// stays small. No path alias here: the server imports this file directly.
import { controlCharsMessage, hasControlChars } from './text.js';
import { interpolate, msg } from './i18n.js';

export type AnswerQuestion = {
  id: string;
  label: string;
  kind: 'text' | 'yesno' | 'choice';
  choices: string[];
  required: boolean;
  sensitive: boolean;
};
export type Answers = Record<string, string | boolean>;

export const answerTextMax = 500;

// One traveller's answers checked against the package's questions: unknown ids are refused, text
// up to 500 (control characters refused; line breaks allowed), yes/no a boolean, a choice one of
// its choices. '' and absent mean "not answered yet". Errors are keyed by question id.
export function checkAnswers(
  questions: readonly AnswerQuestion[],
  input: unknown,
): { answers: Answers; errors: Record<string, string> } {
  const answers: Answers = {};
  const errors: Record<string, string> = {};
  if (input === undefined || input === null) return { answers, errors };
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { answers, errors: { '': 'Send the answers as an object keyed by question id.' } };
  }
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const [id, value] of Object.entries(input as Record<string, unknown>)) {
    const q = byId.get(id);
    if (!q) {
      errors[id] = msg('This question is not asked for this trip.');
      continue;
    }
    if (value === null || value === '') continue;
    if (q.kind === 'yesno') {
      if (typeof value !== 'boolean')
        errors[id] = interpolate(msg('{label}: answer yes or no.'), { label: q.label });
      else answers[id] = value;
      continue;
    }
    if (typeof value !== 'string') {
      errors[id] = interpolate(msg('{label}: the answer must be text.'), { label: q.label });
      continue;
    }
    if (hasControlChars(value, { multiline: q.kind === 'text' })) {
      errors[id] = controlCharsMessage(q.label, { multiline: q.kind === 'text' });
      continue;
    }
    const trimmed = value.trim();
    if (trimmed === '') continue;
    if (q.kind === 'choice') {
      if (!q.choices.includes(trimmed))
        errors[id] = interpolate(msg('{label}: choose one of the choices.'), { label: q.label });
      else answers[id] = trimmed;
      continue;
    }
    if (trimmed.length > answerTextMax)
      errors[id] = interpolate(msg('{label}: at most {max} characters.'), {
        label: q.label,
        max: answerTextMax,
      });
    else answers[id] = trimmed;
  }
  return { answers, errors };
}

// Whether every required question has an answer (a yes/no answered false counts as answered).
export const answersComplete = (questions: readonly AnswerQuestion[], answers: Answers | undefined) =>
  questions.every((q) => !q.required || (answers?.[q.id] !== undefined && answers[q.id] !== ''));
