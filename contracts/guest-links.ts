// Each traveller fills in their own details: the lead invites a traveller of their booking by
// email (POST /api/bookings/{id}/guests/{index}/invite), and that traveller opens a personal link
// (/travellers/{token}) with no account, reading and saving only their own details
// (GET/PUT /api/guest-links/{token}, server/src/guest-links). Each shape is one zod schema with its
// type inferred from it. The browser imports only the types and the plain helpers below: the
// schemas run on the server (zod/mini keeps them small either way).
// No path alias here: the server imports this file directly.
import * as z from 'zod/mini';
import { emailAddress } from './text.js';
import { msg } from './i18n.js';

// As contracts/booking.ts's bookingLimits.email (not imported: booking.ts imports this file's types).
const emailMax = 254;

// Per traveller after the first, in booking payloads: not invited yet, invited (a live link), or
// complete (their details are all there, whoever typed them).
export const inviteStatuses = ['not-invited', 'invited', 'complete'] as const;
export const inviteStatusSchema = z.enum(inviteStatuses);
export type InviteStatus = z.infer<typeof inviteStatusSchema>;

export const inviteStatusLabels: Record<InviteStatus, string> = {
  'not-invited': msg('Not invited'),
  invited: msg('Invited'),
  complete: msg('Complete'),
};

// POST /api/bookings/{id}/guests/{index}/invite
export const inviteRequestSchema = z.object(
  {
    email: emailAddress({
      notText: msg('Please enter their email address.'),
      required: msg('Please enter their email address.'),
      max: emailMax,
    }),
  },
  { error: 'The invitation could not be read: send {"email": "…"}.' },
);
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

export const inviteResultSchema = z.object({
  message: z.string(),
  index: z.number(),
  inviteStatus: inviteStatusSchema,
});
export type InviteResult = z.infer<typeof inviteResultSchema>;

// One traveller's details as the link shows and saves them (contracts/guests.ts has the rules).
const linkGuestSchema = z.object({
  fullName: z.string(),
  dateOfBirth: z.nullable(z.string()),
  dietary: z.string(),
  medical: z.string(),
  emergencyName: z.string(),
  emergencyPhone: z.string(),
  // Their answers to the package's questions, keyed by question id.
  answers: z.optional(z.record(z.string(), z.union([z.string(), z.boolean()]))),
});

// A package's question as the details form asks it (the package's own, contracts/catalogue.ts).
export const guestQuestionSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'yesno', 'choice']),
  choices: z.optional(z.array(z.string())),
  required: z.boolean(),
});
export type GuestQuestion = z.infer<typeof guestQuestionSchema>;

// The package's questions in another language (migration 68, contracts/catalogue.ts), by id: the
// text and the choices by position. The answers stay keyed and stored in English.
export const guestQuestionTranslationSchema = z.object({
  id: z.string(),
  label: z.string(),
  choices: z.array(z.string()),
});
export type GuestQuestionTranslation = z.infer<typeof guestQuestionTranslationSchema>;

// GET /api/guest-links/{token} and the 200 of its PUT: the trip, who invited them, their details.
// Nothing of any other traveller.
export const guestLinkSchema = z.object({
  packageName: z.string(),
  startsOn: z.nullable(z.string()),
  leadName: z.string(),
  // The last day the details can be changed online (the details cutoff), ISO.
  editableUntil: z.nullable(z.string()),
  // Which traveller of the booking ("Traveller 2"), never the others.
  position: z.number(),
  questions: z.array(guestQuestionSchema),
  // The questions as the console translated them, by language; absent when none is, so the page
  // shows the English ones (with lang="en").
  translations: z.optional(
    z.object({ es: z.optional(z.object({ questions: z.array(guestQuestionTranslationSchema) })) }),
  ),
  guest: linkGuestSchema,
  complete: z.boolean(),
});
export type GuestLink = z.infer<typeof guestLinkSchema>;

// PUT /api/guest-links/{token}: the fields are read by contracts/guests.ts (checkGuest).
export const guestLinkSaveSchema = z.object(
  {
    guest: z.record(z.string(), z.unknown(), { error: 'Send your details as an object: {"guest": {...}}.' }),
  },
  { error: 'Your details could not be read: send {"guest": {...}}.' },
);

// The link's token: 32 random bytes in base64url (43 characters). Anything else names nothing.
export const guestTokenPattern = /^[A-Za-z0-9_-]{43}$/;

// GET /api/guest-links/{token}/share: the traveller's share of the total (split by traveller, the
// last share taking the rounding), what they have paid of it and what is still due from them, and
// whether they can pay it by card here (PAYMENT_PROVIDER=stripe).
export const shareAnswerSchema = z.object({
  currency: z.string(),
  shareCents: z.number(),
  paidCents: z.number(),
  dueCents: z.number(),
  cardPayments: z.boolean(),
});
export type ShareAnswer = z.infer<typeof shareAnswerSchema>;
