// Travellers' details (one guest per traveller of a booking), shared by the browser's form and the
// API (server/src/guests): the shape, the rules and what "complete" means. Every field may stay
// empty and be filled later; a filled one is checked. No path alias: the server imports this file.
import { answersComplete, checkAnswers, type AnswerQuestion } from './answers.js';
// Types only, erased from the build: ./api.ts reads this file's values, never the other way.
import type { Guest as GuestAnswer, OperatorGuest as OperatorGuestAnswer } from './api.js';
import { normalisePhone, phoneProblem } from './phone.js';
import { controlCharsMessage, hasControlChars } from './text.js';
import { plural } from './format.js';
import { interpolate, msg, translator } from './i18n.js';
import type { Language } from './language.js';

// One traveller's details: inferred from guestSchema in ./api.ts.
export type Guest = GuestAnswer;

export type GuestField = Exclude<keyof Guest, 'answers'>;

// Operators see the check-in too (the manifest, the console's booking).
export type OperatorGuest = OperatorGuestAnswer;

export const guestFields: readonly GuestField[] = [
  'fullName',
  'dateOfBirth',
  'dietary',
  'medical',
  'emergencyName',
  'emergencyPhone',
];

export const guestLabels: Record<GuestField, string> = {
  fullName: msg('Full name'),
  dateOfBirth: msg('Date of birth'),
  dietary: msg('Dietary needs'),
  medical: msg('Medical or accessibility notes'),
  emergencyName: msg('Emergency contact name'),
  emergencyPhone: msg('Emergency contact phone'),
};

export const guestLimits = {
  fullName: 100,
  dietary: 500,
  medical: 500,
  emergencyName: 100,
  emergencyPhoneMax: 20,
  earliestBirth: '1900-01-01',
} as const;

// Travellers may edit the details until this many days before the departure (the server's
// DETAILS_CUTOFF_DAYS, whose default this is; a 409 from the server always has the last word).
export const defaultDetailsCutoffDays = 2;
export const detailsEditable = (daysLeft: number, cutoffDays = defaultDetailsCutoffDays) =>
  daysLeft >= cutoffDays;

export const emptyGuest = (fullName = ''): Guest => ({
  fullName,
  dateOfBirth: null,
  dietary: '',
  medical: '',
  emergencyName: '',
  emergencyPhone: '',
});

// What the guide needs at the meeting point: who it is and whom to call.
export const guestComplete = (g: Guest) =>
  g.fullName !== '' && g.dateOfBirth !== null && g.emergencyName !== '' && g.emergencyPhone !== '';

// With the package's questions, a traveller is complete once every required one is answered too.
export const guestCompleteFor = (questions: readonly AnswerQuestion[]) => (g: Guest) =>
  guestComplete(g) && answersComplete(questions, g.answers);
export const completeCount = (guests: readonly Guest[], questions: readonly AnswerQuestion[] = []) =>
  guests.filter(guestCompleteFor(questions)).length;
export const detailsComplete = (guests: readonly Guest[], questions: readonly AnswerQuestion[] = []) =>
  guests.every(guestCompleteFor(questions));

// Dietary needs and medical notes may run over several lines (tab and newline allowed).
const multiLine: ReadonlySet<GuestField> = new Set(['dietary', 'medical']);

const isIsoDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

export type GuestsFieldErrors = Record<string, string>;

export type GuestsValidation =
  { success: true; guests: Guest[] } | { success: false; message: string; fieldErrors?: GuestsFieldErrors };

const checkText = (field: GuestField, value: string, max: number): string | undefined => {
  if (value.length > max)
    return interpolate(msg('{label} must be at most {max} characters.'), { label: guestLabels[field], max });
  return undefined;
};

// One guest's filled fields, each with its own message. `today` is ISO (a birth date is in the past).
export function checkGuest(input: Record<string, unknown>, today: string) {
  const errors: Partial<Record<GuestField, string>> = {};
  const guest = emptyGuest();
  for (const field of guestFields) {
    const raw = input[field];
    if (raw === undefined || raw === null) continue;
    if (typeof raw !== 'string') {
      errors[field] = interpolate(msg('{label} must be text.'), { label: guestLabels[field] });
      continue;
    }
    // Control characters are refused as sent, before any trimming (contracts/text.ts).
    if (hasControlChars(raw, { multiline: multiLine.has(field) })) {
      errors[field] = controlCharsMessage(guestLabels[field], { multiline: multiLine.has(field) });
      continue;
    }
    // Kept as typed, except the blanks around it (a field of spaces is an empty field).
    const value = raw.trim();
    if (value === '') continue;
    if (field === 'dateOfBirth') {
      if (!isIsoDate(value)) {
        errors.dateOfBirth = msg('Date of birth must be a date (YYYY-MM-DD).');
      } else if (value <= guestLimits.earliestBirth || value >= today) {
        errors.dateOfBirth = msg('Date of birth must be in the past and after 1900.');
      } else guest.dateOfBirth = value;
      continue;
    }
    if (field === 'emergencyPhone') {
      // The site's one phone rule (contracts/phone.ts), kept as typed, and at most 20 characters.
      const problem =
        phoneProblem(value) ??
        (normalisePhone(value).length > guestLimits.emergencyPhoneMax
          ? interpolate(msg('{label} must be at most {max} characters.'), {
              label: guestLabels[field],
              max: guestLimits.emergencyPhoneMax,
            })
          : undefined);
      if (problem) errors[field] = problem;
      else guest.emergencyPhone = normalisePhone(value);
      continue;
    }
    const bad = checkText(field, value, guestLimits[field]);
    if (bad) errors[field] = bad;
    else guest[field] = value;
  }
  return { guest, errors };
}

// The body of PUT /api/bookings/{id}/guests: `{guests}`, exactly `travellers` entries, each with
// its answers to the package's `questions` (`guests.{i}.answers.{questionId}` on a problem).
export function validateGuests(
  body: unknown,
  travellers: number,
  today: string,
  questions: readonly AnswerQuestion[] = [],
): GuestsValidation {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { success: false, message: "The travellers' details could not be read: send a JSON object." };
  }
  const list = (body as { guests?: unknown }).guests;
  if (!Array.isArray(list)) {
    return { success: false, message: 'Send the travellers as a list: {"guests": [...]}.' };
  }
  if (list.length !== travellers) {
    return {
      success: false,
      message: `This booking is for ${plural(travellers, 'traveller')}: send ${plural(travellers, 'entry', 'entries')}, not ${list.length}.`,
    };
  }
  const fieldErrors: GuestsFieldErrors = {};
  const guests: Guest[] = [];
  list.forEach((entry, i) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      fieldErrors[`guests.${i}`] = `Traveller ${i + 1}: send an object with the details.`;
      guests.push(emptyGuest());
      return;
    }
    const { guest, errors } = checkGuest(entry as Record<string, unknown>, today);
    for (const [field, message] of Object.entries(errors)) fieldErrors[`guests.${i}.${field}`] = message;
    const answered = checkAnswers(questions, (entry as { answers?: unknown }).answers);
    for (const [id, message] of Object.entries(answered.errors)) {
      fieldErrors[id === '' ? `guests.${i}.answers` : `guests.${i}.answers.${id}`] = message;
    }
    guest.answers = answered.answers;
    guests.push(guest);
  });
  if (Object.keys(fieldErrors).length > 0) {
    return { success: false, message: msg('Please check the highlighted fields.'), fieldErrors };
  }
  return { success: true, guests };
}

// Whether anything at all was given for this traveller.
export const hasAnyDetail = (guest: Guest) => guestFields.some((field) => (guest[field] ?? '') !== '');

// A smaller party drops its last travellers, details and all (server/src/seats/party-guests.ts):
// the warning a change shows first, naming those who had any detail given, or nothing.
export function droppedTravellersWarning(
  guests: readonly Guest[],
  travellers: number,
  language: Language = 'en',
): string | undefined {
  const { t } = translator(language);
  const named = guests
    .slice(Math.max(0, travellers))
    .map((g, i) => ({ g, position: travellers + i + 1 }))
    .filter(({ g }) => hasAnyDetail(g))
    .map(({ g, position }) => g.fullName || t('Traveller {number}', { number: position }));
  if (named.length === 0) return undefined;
  if (named.length === 1) return t('{who} will be removed from this booking, with the details given for them.', { who: named[0]! });
  return t('{who} and {last} will be removed from this booking, with the details given for each.', {
    who: named.slice(0, -1).join(', '),
    last: named.at(-1)!,
  });
}
