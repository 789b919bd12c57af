// One rule for every phone number the site takes (the booking form, the API, emergency contacts):
// a telephone number as people write it. It is kept as typed (only runs of spaces are collapsed),
// because "+44 7700 900123" and "(415) 555-0142" lose their meaning as bare digits: the country
// code and the leading zero are what a caller needs. Phones stored before this rule, when the form
// kept digits only, stay as they were.
// No path alias here: the server imports this file directly.
import * as z from 'zod/mini';
import { controlCharsMessage, hasControlChars, noControlChars } from './text.js';
import { interpolate, msg } from './i18n.js';

export const phoneLimits = {
  minDigits: 6,
  // ITU-T E.164: at most 15 digits, country code included.
  maxDigits: 15,
  // Room for the separators of the longest number people write ("+44 (0) 20 7946 0958 ext").
  maxLength: 32,
} as const;

// Digits, spaces and + ( ) - . only; a + only in front.
const allowed = /^\+?[0-9()\-. ]+$/;

// Trims the ends and turns any run of spaces into one. Tabs and line breaks are control characters,
// refused like in every other field (contracts/text.ts).
export const normalisePhone = (raw: string) => raw.trim().replace(/ {2,}/g, ' ');

export const phoneDigits = (phone: string) => phone.replace(/\D/g, '').length;

// A tel: link dials the digits and a leading +; spaces, dots and brackets in an href are not dialled
// the same way by every phone.
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const phoneMessages = {
  required: msg('Please enter your phone number.'),
  characters: msg('Use digits, spaces and + ( ) - . only in a phone number, with + only at the start.'),
  tooShort: interpolate(msg('A phone number needs at least {min} digits.'), { min: phoneLimits.minDigits }),
  tooLong: interpolate(msg('A phone number has at most {max} digits.'), { max: phoneLimits.maxDigits }),
  length: interpolate(msg('A phone number is at most {max} characters long.'), {
    max: phoneLimits.maxLength,
  }),
  control: controlCharsMessage('Phone'),
} as const;

// The first thing wrong with a phone number as typed, or undefined when it is good. Shared by the
// forms (checked as the traveller types) and, through phoneSchema, by the API.
export function phoneProblem(raw: string): string | undefined {
  if (hasControlChars(raw)) return phoneMessages.control;
  const phone = normalisePhone(raw);
  if (phone === '') return phoneMessages.required;
  if (phone.length > phoneLimits.maxLength) return phoneMessages.length;
  if (!allowed.test(phone)) return phoneMessages.characters;
  const digits = phoneDigits(phone);
  if (digits < phoneLimits.minDigits) return phoneMessages.tooShort;
  if (digits > phoneLimits.maxDigits) return phoneMessages.tooLong;
  return undefined;
}

// The schema for a required phone: parses to the normalised number, as it is stored.
export const phoneSchema = z.string({ error: 'Phone must be text.' }).check(
  // Before trimming, which would hide a tab or a line break at either end.
  noControlChars('Phone'),
  z.overwrite(normalisePhone),
  z.superRefine((value, ctx) => {
    const problem = phoneProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  }),
);
