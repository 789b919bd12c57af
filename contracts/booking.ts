// The booking contract, shared by the browser (src/features/*) and the API (server/src/bookings,
// server/src/admin): the rules, the statuses and the shapes the API answers with.
// zod/mini keeps the signed-in pages' bundle small; the server parses with the same schema.
// No path alias here: the server imports this file directly.
import * as z from 'zod/mini';
import { personNameMax } from './names.js';
import { phoneSchema } from './phone.js';
import { emailAddress, noControlChars, text as plainText } from './text.js';
import { interpolate, msg, translator, type Translator } from './i18n.js';
import { languages } from './language.js';

export const bookingLimits = {
  name: personNameMax,
  email: 254,
  address: 300,
  packageId: 64,
  // The brand's groups are twelve or fewer (docs/product.md#bookings).
  travellersMin: 1,
  travellersMax: 12,
} as const;

// Travellers cancel online while the departure is at least this many days away (the server's
// CANCELLATION_CUTOFF_DAYS, whose default this is; a 409 from the server always has the last word).
export const defaultCancellationCutoffDays = 14;
export const cancellableOnline = (daysLeft: number, cutoffDays = defaultCancellationCutoffDays) =>
  daysLeft >= cutoffDays;

// A booking's reference: the prefix and 8 characters of Crockford's base32 without look-alikes
// (no I, L, O, U), easy to read out on the phone. The server draws them
// (server/src/bookings/repository.ts).
export const referencePrefix = 'WT-';
export const referenceAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const referencePattern = new RegExp(`^${referencePrefix}[${referenceAlphabet}]{8}$`);
// `text` as a whole reference, in any case (what a traveller reads out or pastes), or null.
export const asReference = (text: string): string | null => {
  const upper = text.trim().toUpperCase();
  return referencePattern.test(upper) ? upper : null;
};

// requested -> confirmed (operator) -> cancelled, or requested -> cancelled. Nothing else.
export const bookingStatuses = ['requested', 'confirmed', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

export const bookingStatusLabels: Record<BookingStatus, string> = {
  requested: msg('Requested'),
  confirmed: msg('Confirmed'),
  cancelled: msg('Cancelled'),
};

const travellersRangeMessage = interpolate(msg('Travellers must be a whole number from {min} to {max}.'), {
  min: bookingLimits.travellersMin,
  max: bookingLimits.travellersMax,
});
const travellersMinMessage = interpolate(msg('At least {min} traveller.'), {
  min: bookingLimits.travellersMin,
});
const travellersMaxMessage = interpolate(msg('At most {max} travellers a booking.'), {
  max: bookingLimits.travellersMax,
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => uuidPattern.test(value);

const text = (label: string, max: number, required: string) => plainText({ label, max, required });

export const bookingInputSchema = z.object({
  packageId: z
    .string({ error: msg('Choose a package.') })
    .check(
      noControlChars('Package'),
      z.trim(),
      z.minLength(1, msg('Choose a package.')),
      z.maxLength(bookingLimits.packageId, msg('Unknown package.')),
    ),
  // Optional: without it the server takes the earliest open departure with enough seats.
  departureId: z.optional(
    z
      .string({ error: msg('Choose a departure date.') })
      .check(noControlChars('Departure'), z.regex(uuidPattern, msg('This departure does not exist.'))),
  ),
  travellers: z.optional(
    z
      .number({
        error: travellersRangeMessage,
      })
      .check(
        z.refine(Number.isInteger, travellersRangeMessage),
        z.minimum(bookingLimits.travellersMin, travellersMinMessage),
        z.maximum(bookingLimits.travellersMax, travellersMaxMessage),
      ),
  ),
  name: text(msg('Name'), bookingLimits.name, msg('Please enter your name.')),
  email: emailAddress({
    notText: msg('Email must be text.'),
    required: msg('Please enter your email.'),
    max: bookingLimits.email,
  }),
  address: text(msg('Address'), bookingLimits.address, msg('Please enter your address.')),
  // A telephone number as typed (contracts/phone.ts): the same rule for every phone the site takes.
  phone: phoneSchema,
  // The site's language the booking is made in (the /es pages send es): its emails are written in
  // it. English when absent (docs/decisions/071-translation-layer.md).
  language: z.optional(z.enum(languages, { error: msg('The language must be en or es.') })),
});

export type BookingInput = z.infer<typeof bookingInputSchema>;
export type BookingField = keyof BookingInput;

// What the API answers for a stored booking (Booking, BookingGuest, MoveOffer) is inferred from
// its schema in ./api.ts and imported from there as a type: the browser's bundle does not load
// the schemas, and ./api.ts reads this file, never the other way.
// Why a declined or lapsed move cancels the booking (the email and the console show it).
export const moveDeclinedReason = msg('The departure did not run');

// What a party pays once it accepts the brand's new date, in the words the move email and My
// bookings both use: a move never raises the price (server/src/moves/repository.ts), it keeps the
// booking's, or drops to the new date's when that is lower. Whole dollars per person.
// `tr`: the reader's language (the email's translator, or a Spanish page's); English as written
// without one.
export function movePriceLine(
  price: number,
  newPrice: number,
  travellers: number,
  format: (amount: number) => string,
  tr: Pick<Translator, 't'> = translator('en'),
): string {
  if (newPrice < price) {
    return tr.t(
      'The new date costs less, so your price drops to {price} per person: {total} in all instead of {before}.',
      { price: format(newPrice), total: format(newPrice * travellers), before: format(price * travellers) },
    );
  }
  return tr.t('Your price stays the same: {price} per person, {total} in all.', {
    price: format(price),
    total: format(price * travellers),
  });
}

export type FieldErrors = Partial<Record<BookingField, string>>;

export type ValidationResult =
  { success: true; data: BookingInput } | { success: false; fieldErrors: FieldErrors };

// The first message for each field: what the form shows beside it and what a 400 carries.
export function validateBooking(input: unknown): ValidationResult {
  const result = z.safeParse(bookingInputSchema, input);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in bookingInputSchema.def.shape && !(field in fieldErrors)) {
      fieldErrors[field as BookingField] = issue.message;
    }
  }
  return { success: false, fieldErrors };
}

// POST /api/bookings/{id}/change (and the operators' /api/admin/bookings/{id}/change): another
// date of the same package, another party size, or both. At least one field.
export type BookingChange = { departureId?: string; travellers?: number };
export type ChangeFieldErrors = Partial<Record<'departureId' | 'travellers', string>>;

export function validateChange(
  input: unknown,
):
  | { success: true; data: BookingChange }
  | { success: false; message?: string; fieldErrors?: ChangeFieldErrors } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { success: false, message: 'The change could not be read: send a JSON object.' };
  }
  const body = input as Record<string, unknown>;
  const unknownKeys = Object.keys(body).filter((k) => k !== 'departureId' && k !== 'travellers');
  if (unknownKeys.length > 0) {
    return {
      success: false,
      message: 'Only the departure date (departureId) and travellers can be changed.',
    };
  }
  if (body.departureId === undefined && body.travellers === undefined) {
    return { success: false, message: 'Nothing to change: send departureId, travellers or both.' };
  }
  const fieldErrors: ChangeFieldErrors = {};
  const data: BookingChange = {};
  if (body.departureId !== undefined) {
    if (typeof body.departureId !== 'string' || !uuidPattern.test(body.departureId)) {
      fieldErrors.departureId = 'This departure does not exist.';
    } else data.departureId = body.departureId.toLowerCase();
  }
  if (body.travellers !== undefined) {
    const t = body.travellers;
    if (typeof t !== 'number' || !Number.isInteger(t)) {
      fieldErrors.travellers = travellersRangeMessage;
    } else if (t < bookingLimits.travellersMin) {
      fieldErrors.travellers = travellersMinMessage;
    } else if (t > bookingLimits.travellersMax) {
      fieldErrors.travellers = travellersMaxMessage;
    } else data.travellers = t;
  }
  if (Object.keys(fieldErrors).length > 0) return { success: false, fieldErrors };
  return { success: true, data };
}
