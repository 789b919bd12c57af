// The API's requests and answers as zod schemas: the server declares them on its routes
// (server/src/**/routes*.ts), which makes them its validation, its types and the OpenAPI document
// at /api/openapi.json. Each answer's TypeScript type is inferred here from its schema (written
// once); the browser imports those types from here with `import type`, erased from the build.
// Only the server imports this file at run time: the pages' bundles stay free of these schemas.
// No path alias here: the server imports this file directly.
import * as z from 'zod/mini';
import { formatCount } from './format.js';
import {
  actorTypes,
  adminLimits,
  meetingPointMax,
  meetingTimePattern,
  messageLimits,
  type DepartureChange,
  type DepartureMove,
  moveMessageMax,
  type NewDeparture,
  noteLimits,
} from './admin.js';
import { answersSchema, departurePriceSchema } from './catalogue.js';
import { bookingInputSchema, bookingStatuses, isUuid } from './booking.js';
import { departureStatuses } from './departure.js';
import { inviteStatusSchema } from './guest-links.js';
import { formatTripDate } from './format.js';
import { addYears, isIsoDate, operatorDatesYearsAhead } from './iso-dates.js';
import { guidesSchema } from './staff.js';
import { controlCharsMessage, hasControlChars, noControlChars, text } from './text.js';
import { travellersMessage, waitlistStatuses } from './waitlist.js';
import { checkInStates } from './check-in.js';
import {
  checkoutPurposes,
  paymentKinds,
  paymentMethods,
  paymentProviders,
  paymentStates,
} from './payment.js';
import { languages } from './language.js';

// What every error answers: a message worded to be shown as it is; on a 400 about a form, the
// first message for each field, keyed by the field's path.
export const problemSchema = z.looseObject({ message: z.string() });
export const fieldProblemSchema = z.looseObject({
  message: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.string())),
});

// A path segment that names nothing answers 404 with this message (see server/src/http/problem.ts).
export const uuidParam = (notFound: string) => z.string().check(z.refine(isUuid, notFound));

// --- Answers ---------------------------------------------------------------------------------

const isoDateTime = z.string().check(z.iso.datetime());
const isoDate = z.string().check(z.iso.date());

// One traveller's details ('' is "not given yet"); operators also see the check-in.
export const guestSchema = z.object({
  fullName: z.string(),
  // ISO YYYY-MM-DD, or null while not given.
  dateOfBirth: z.nullable(isoDate),
  dietary: z.string(),
  medical: z.string(),
  emergencyName: z.string(),
  emergencyPhone: z.string(),
  // Answers to the package's questions, keyed by question id (catalogue.ts checkAnswers).
  answers: z.optional(answersSchema),
});
export type Guest = z.infer<typeof guestSchema>;

export const operatorGuestSchema = z.object({
  ...guestSchema.shape,
  checkIn: z.nullable(z.enum(checkInStates)),
});
export type OperatorGuest = z.infer<typeof operatorGuestSchema>;

// A booking's money (contract v5; computed by ./payment.ts): integer cents in `currency`.
export const paymentEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(paymentKinds),
  method: z.enum(paymentMethods),
  amountCents: z.number(),
  at: isoDateTime,
  reference: z.nullable(z.string()),
  note: z.nullable(z.string()),
  travellerPosition: z.nullable(z.number()),
});
export const paymentSchema = z.object({
  currency: z.string(),
  totalCents: z.number(),
  depositCents: z.number(),
  depositDueAt: z.nullable(isoDateTime),
  balanceDueOn: z.nullable(isoDate),
  paidCents: z.number(),
  refundedCents: z.number(),
  dueNowCents: z.number(),
  refundDueCents: z.number(),
  state: z.enum(paymentStates),
  entries: z.array(paymentEntrySchema),
});

// What the API answers for a stored booking (booking.ts: Booking). Bookings stored before
// departures existed have no departure: departureId and startsOn are null ("date to be agreed").
export const bookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  departureId: z.nullable(z.string()),
  startsOn: z.nullable(isoDate),
  travellers: z.number(),
  // Per person, whole dollars.
  price: z.number(),
  // price x travellers.
  total: z.number(),
  status: z.enum(bookingStatuses),
  name: z.string(),
  email: z.string(),
  address: z.string(),
  phone: z.string(),
  createdAt: isoDateTime,
  // Where and when the group meets, once the brand has set them on the departure (HH:MM).
  // The server always sends both (null until set).
  meetingPoint: z.optional(z.nullable(z.string())),
  meetingTime: z.optional(z.nullable(z.string())),
  // One per traveller, in order; the first was created with the booking's name. Travellers after
  // the first carry whether the lead invited them to fill in their own details (guest-links.ts).
  guests: z.array(z.object({ ...guestSchema.shape, inviteStatus: z.optional(inviteStatusSchema) })),
  // Every guest has a full name, a date of birth and an emergency contact (name and phone), and
  // every required question of the package answered (contracts/guests.ts guestCompleteFor).
  detailsComplete: z.boolean(),
  // How many travellers are complete by that rule: the lead's "N of M travellers complete".
  // Absent in answers made before it existed (kept pages): the pages then count without the
  // questions.
  travellersComplete: z.optional(z.number()),
  // The brand moved the departure: the new date, its seats held until expiresAt (null: no offer),
  // and the price per person (whole dollars) once accepted: a move never raises it, so it is the
  // lower of the booking's and the new date's.
  moveOffer: z.optional(
    z.nullable(
      z.object({ toDepartureId: z.string(), startsOn: isoDate, expiresAt: isoDateTime, price: z.number() }),
    ),
  ),
  payment: paymentSchema,
  // The site's language it was made in (en, es): its emails are written in it. Absent in kept
  // answers made before it existed: English.
  language: z.optional(z.enum(languages)),
});
export type Booking = z.infer<typeof bookingSchema>;
export type BookingGuest = Booking['guests'][number];
// The brand moved the departure: the new date offered, its seats held until expiresAt; Accept
// (POST /api/bookings/{id}/move/accept) or Decline (.../move/decline).
export type MoveOffer = NonNullable<Booking['moveOffer']>;

// GET /api/move-offers/{token} (and its accept and decline): what a party without an account (a
// phone booking) reads on its personal link to the brand's offer of another date: the trip, the new
// date, the price per person in whole dollars as booked and once accepted (never more), and
// whether it is still open or how it ended.
export const moveLinkSchema = z.object({
  reference: z.string(),
  packageName: z.string(),
  startsOn: z.nullable(isoDate),
  newStartsOn: isoDate,
  expiresAt: isoDateTime,
  travellers: z.number(),
  price: z.number(),
  newPrice: z.number(),
  state: z.enum(['open', 'accepted', 'declined', 'expired', 'withdrawn']),
});
export type MoveLink = z.infer<typeof moveLinkSchema>;

// A 409 from POST /api/bookings: the seats are not there, or the departure is closed or past.
export const seatsConflictSchema = z.object({ message: z.string(), seatsLeft: z.number() });
export type SeatsConflict = z.infer<typeof seatsConflictSchema>;
// A 409 when the user already holds as many seats awaiting confirmation as one user may.
export const heldSeatsConflictSchema = z.object({ message: z.string(), heldSeats: z.number() });

// GET /api/packages/{packageId}/departures answers {departures: Departure[]}: the package's
// future departures, ascending by date. Dates are ISO YYYY-MM-DD.
export const departureSchema = z.object({
  id: z.string(),
  packageId: z.string(),
  startsOn: isoDate,
  capacity: z.number(),
  seatsLeft: z.number(),
  status: z.enum(departureStatuses),
  // The operator's minimum is met by the travellers of active bookings (never by waiting lists).
  guaranteed: z.boolean(),
  // Travellers still needed to guarantee it; 0 when guaranteed or when it has no minimum.
  toGuarantee: z.number(),
  // Per person, whole dollars: the departure's own price, or the package's when it has none.
  price: z.number(),
});
export type Departure = z.infer<typeof departureSchema>;

// A booking as operators see it: the traveller's account and the cancellation, if any.
// GET /api/admin/bookings/{id} answers one; confirm and cancel answer the changed one.
export const adminBookingSchema = z.object({
  ...bookingSchema.shape,
  // With each traveller's check-in at the meeting point.
  guests: z.array(operatorGuestSchema),
  userId: z.string(),
  updatedAt: isoDateTime,
  cancelReason: z.nullable(z.string()),
});
export type AdminBooking = z.infer<typeof adminBookingSchema>;

// GET /api/admin/bookings: newest first; nextCursor is null on the last page.
export const adminBookingsPageSchema = z.object({
  bookings: z.array(adminBookingSchema),
  nextCursor: z.nullable(z.string()),
});
export type AdminBookingsPage = z.infer<typeof adminBookingsPageSchema>;

// GET /api/admin/bookings/{id}/events -> {events: AuditEvent[]}, oldest first.
export const auditEventSchema = z.object({
  at: isoDateTime,
  actor: z.string(),
  actorType: z.enum(actorTypes),
  action: z.string(),
  from: z.nullable(z.string()),
  to: z.nullable(z.string()),
  reason: z.optional(z.string()),
  // An operator's internal note (action "note.added"): never shown or sent to the traveller.
  note: z.optional(z.string()),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

// An operator's internal note on a booking. POST /api/admin/bookings/{id}/notes {text} -> 201 Note.
export const noteSchema = z.object({
  id: z.string(),
  at: isoDateTime,
  author: z.string(),
  text: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

// A departure in the console: GET /api/admin/departures (ascending by date, past ones included),
// and what its changes answer.
export const adminDepartureSchema = z.object({
  ...departureSchema.shape,
  packageName: z.string(),
  seatsTaken: z.number(),
  // Active (not cancelled) bookings and the travellers they carry.
  bookingCount: z.number(),
  // Travellers needed for the departure to run; 0 = no minimum.
  minTravellers: z.number(),
  // Travellers waiting on its waiting list, and seats held by open offers (part of seatsTaken).
  waiting: z.number(),
  offered: z.number(),
  // "N of M travellers complete": the travellers of its active bookings whose details are complete
  // (guests.ts), and all of them.
  travellersComplete: z.number(),
  travellersTotal: z.number(),
  // Shown to travellers (checkout, My bookings, the trip reminder); null until set.
  meetingPoint: z.optional(z.nullable(z.string())),
  // HH:MM.
  meetingTime: z.optional(z.nullable(z.string())),
  // The uids of the guides assigned to it (they see its manifest and check travellers in).
  guides: z.optional(z.array(z.string())),
  // The departure's own price, or null when it sells at the package's (`price` is the effective one).
  ownPrice: z.nullable(z.number()),
  decideBy: isoDate,
  atRisk: z.boolean(),
});
export type AdminDeparture = z.infer<typeof adminDepartureSchema>;

// GET /api/admin/departures?packageId=&from=&limit=&cursor=: nextCursor is null on the last page.
export const adminDeparturesPageSchema = z.object({
  departures: z.array(adminDepartureSchema),
  nextCursor: z.nullable(z.string()),
});
export type AdminDeparturesPage = z.infer<typeof adminDeparturesPageSchema>;

// POST /api/departures/{id}/waitlist -> 201 (or 200 with the live entry already there);
// GET /api/waitlist -> {entries}, newest first.
export const waitlistEntrySchema = z.object({
  id: z.string(),
  departureId: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  startsOn: isoDate,
  travellers: z.number(),
  status: z.enum(waitlistStatuses),
  createdAt: isoDateTime,
  // ISO timestamp while an offer holds seats (and kept once it lapsed); null before any offer.
  offerExpiresAt: z.nullable(isoDateTime),
  // The booking an accepted offer became.
  bookingId: z.nullable(z.string()),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

// GET /api/admin/departures/{id}/waitlist -> {entries}: the same, with the account's email.
export const adminWaitlistEntrySchema = z.object({
  ...waitlistEntrySchema.shape,
  email: z.string(),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

// GET /api/admin/departures/{id}/manifest -> {departure, bookings, questions}: who travels, every
// traveller of every active booking, with the booking's internal notes (oldest first), and the
// package's questions, one column each (every guest's `answers` keyed by their id).
export const manifestSchema = z.object({
  departure: adminDepartureSchema,
  bookings: z.array(z.object({ ...adminBookingSchema.shape, notes: z.array(noteSchema) })),
  questions: z.array(
    z.object({ id: z.string(), label: z.string(), kind: z.enum(['text', 'yesno', 'choice']) }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestBooking = Manifest['bookings'][number];
export type ManifestQuestion = Manifest['questions'][number];

// PUT /api/bookings/{id}/guests: the list is read here; its length (the booking's travellers) and
// every field's rules are checked against the booking (guests.ts, server/src/guests).
export const guestsRequestSchema = z.object(
  { guests: z.array(z.unknown(), { error: 'Send the travellers as a list: {"guests": [...]}.' }) },
  { error: "The travellers' details could not be read: send a JSON object." },
);

// POST /api/admin/bookings/{id}/guests/{index}/check-in
const checkInShape = 'Send {"state": "present"}, {"state": "no-show"} or {"state": null}.';
export const checkInRequestSchema = z.object(
  {
    state: z.nullable(
      z.enum(checkInStates, {
        error: (issue) =>
          issue.input === undefined
            ? checkInShape
            : 'The check-in state must be "present", "no-show" or null.',
      }),
    ),
  },
  { error: checkInShape },
);

// POST /api/admin/bookings/{id}/notes: several lines (tab and newline kept), 1-2,000 characters.
const noteMissing = 'Please write the note.';
export const noteRequestSchema = z.object(
  {
    text: z
      .string({ error: (issue) => (issue.input == null ? noteMissing : 'The note must be text.') })
      .check(
        z.overwrite((text) => text.replace(/\r\n?/g, '\n')),
        noControlChars('The note', { multiline: true }),
        z.trim(),
        z.minLength(noteLimits.min, noteMissing),
        z.maxLength(noteLimits.max, `Keep the note to ${formatCount(noteLimits.max)} characters or fewer.`),
      ),
  },
  { error: 'The note could not be read: send a JSON object with its text.' },
);

// --- Requests --------------------------------------------------------------------------------

// POST /api/bookings: the booking form's own rules (booking.ts), and what a body that is not an
// object is told.
export const bookingRequestSchema = z.object(bookingInputSchema.shape, {
  error: 'The booking could not be read: send a JSON object.',
});

// The reason a traveller reads in the cancellation email.
const reasonMissing = 'Please give a reason for the cancellation: the traveller reads it.';
export const cancelReasonSchema = z.object(
  {
    reason: z
      .string({ error: (issue) => (issue.input == null ? reasonMissing : 'The reason must be text.') })
      .check(
        // Written on several lines in the console's box: tab and newline are kept.
        noControlChars('The reason', { multiline: true }),
        z.trim(),
        z.minLength(1, reasonMissing),
        z.maxLength(
          adminLimits.cancelReason,
          `Keep the reason to ${adminLimits.cancelReason} characters or fewer.`,
        ),
      ),
  },
  { error: 'The cancellation could not be read: send a JSON object with a reason.' },
);

const { capacityMin, capacityMax } = adminLimits;
const capacityMessage = `Capacity must be a whole number of seats, from ${capacityMin} to ${capacityMax}.`;
const capacity = z
  .number({ error: capacityMessage })
  .check(
    z.refine(Number.isInteger, capacityMessage),
    z.minimum(capacityMin, `A departure needs at least ${capacityMin} seat.`),
    z.maximum(capacityMax, `A departure can have at most ${capacityMax} seats.`),
  );

// 0 = no minimum; otherwise the travellers a departure needs to be guaranteed.
const minTravellersMessage = `The minimum must be a whole number of travellers from 0 (no minimum) to ${capacityMax}.`;
const minTravellers = z
  .number({ error: minTravellersMessage })
  .check(
    z.refine(Number.isInteger, minTravellersMessage),
    z.minimum(0, minTravellersMessage),
    z.maximum(capacityMax, minTravellersMessage),
  );

// A field's checks in order: the first that fails gives the field's one message (a date that is
// not a date is not also "too early").
export const firstOf =
  <T>(...rules: [(value: T) => boolean, string][]) =>
  (value: T) =>
    rules.find(([ok]) => !ok(value))?.[1];
export const rule = <T>(problem: (value: T) => string | undefined) =>
  z.superRefine<T>((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message, input: value });
  });

// A message to travellers: text in lines (tabs and newlines kept, a CRLF read as one newline) and
// no other control character; then the message's own `checks`, in order.
const messageText = (...checks: [(value: string) => boolean, string][]) =>
  z
    .string({ error: 'The message must be text.' })
    .check(
      rule(
        firstOf<string>(
          [
            (v) => !hasControlChars(v.replace(/\r\n/g, '\n'), { multiline: true }),
            controlCharsMessage('Message', { multiline: true }),
          ],
          ...checks,
        ),
      ),
    );

// Where and when the group meets: text or null; '' (or only spaces) clears it. The server trims.
const meetingPoint = z.optional(
  z.nullable(
    z
      .string({ error: 'The meeting point must be text.' })
      .check(
        rule(
          firstOf<string>(
            [(v) => !hasControlChars(v), controlCharsMessage('The meeting point')],
            [
              (v) => v.trim().length <= meetingPointMax,
              `Keep the meeting point to ${meetingPointMax} characters or fewer.`,
            ],
          ),
        ),
      ),
  ),
);
const meetingTimeMessage = 'Enter the meeting time as HH:MM, 24-hour (for example 08:30).';
const meetingTime = z.optional(
  z.nullable(
    z
      .string({ error: meetingTimeMessage })
      .check(z.refine((v) => v === '' || meetingTimePattern.test(v), meetingTimeMessage)),
  ),
);

// The go/no-go date: a real date (the server also checks it is not after the departure).
const decideBy = z.optional(
  z
    .string({ error: 'Enter the decision date as YYYY-MM-DD.' })
    .check(
      rule(
        firstOf<string>(
          [(d) => !hasControlChars(d), controlCharsMessage('Decision date')],
          [(d) => d !== '', 'Choose a decision date.'],
          [(d) => isIsoDate(d) && d >= '2000-01-01', 'Enter a real date (YYYY-MM-DD).'],
        ),
      ),
    ),
);

// POST /api/admin/departures. The server adds its own checks: the package exists, the date is
// after today and at most three years ahead (the browser cannot know either for sure).
export const newDepartureSchema = (rules: { packageExists: (id: string) => boolean; today: () => string }) =>
  z.object(
    {
      packageId: z
        .string({ error: 'Choose a package.' })
        .check(
          rule(
            firstOf<string>(
              [(id) => id.trim() !== '', 'Choose a package.'],
              [(id) => !hasControlChars(id), controlCharsMessage('Package')],
              [rules.packageExists, 'This package does not exist.'],
            ),
          ),
        ),
      startsOn: z.string({ error: 'Choose a date.' }).check(
        rule((date) => {
          const today = rules.today();
          const latest = addYears(today, operatorDatesYearsAhead);
          return firstOf<string>(
            [(d) => d !== '', 'Choose a date.'],
            [(d) => !hasControlChars(d), controlCharsMessage('Date')],
            [isIsoDate, 'Enter a real date (YYYY-MM-DD).'],
            [(d) => d > today, 'Choose a date after today.'],
            [
              (d) => d <= latest,
              `Choose a date up to ${operatorDatesYearsAhead} years ahead (${formatTripDate(latest)} at the latest).`,
            ],
          )(date);
        }),
      ),
      capacity,
      minTravellers: z.optional(minTravellers),
      meetingPoint,
      meetingTime,
      price: z.optional(departurePriceSchema),
      decideBy,
    },
    { error: 'The departure could not be read: send a JSON object.' },
  ) satisfies z.ZodMiniType<NewDeparture>;

// PATCH /api/admin/departures/{id}: capacity, status, the minimum, the meeting point and time,
// nothing else.
export const departureChangeSchema = z
  .strictObject(
    {
      capacity: z.optional(capacity),
      status: z.optional(z.enum(departureStatuses, { error: 'Status must be open or closed.' })),
      minTravellers: z.optional(minTravellers),
      meetingPoint,
      meetingTime,
      guides: z.optional(guidesSchema),
      price: z.optional(departurePriceSchema),
      decideBy,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only capacity, status, minTravellers, meetingPoint, meetingTime, guides, price and decideBy can be changed.'
          : 'The change could not be read: send a JSON object.',
    },
  )
  .check(
    z.refine(
      (change) =>
        change.capacity !== undefined ||
        change.status !== undefined ||
        change.minTravellers !== undefined ||
        change.meetingPoint !== undefined ||
        change.meetingTime !== undefined ||
        change.guides !== undefined ||
        change.price !== undefined ||
        change.decideBy !== undefined,
      'Nothing to change: send capacity, status, minTravellers, meetingPoint, meetingTime, guides, price or decideBy.',
    ),
  ) satisfies z.ZodMiniType<DepartureChange>;

// POST /api/departures/{id}/waitlist: the whole party waits together.
export const joinWaitlistSchema = z.object(
  {
    travellers: z
      .number({ error: travellersMessage })
      .check(
        z.refine(Number.isInteger, travellersMessage),
        z.minimum(1, travellersMessage),
        z.maximum(12, travellersMessage),
      ),
    // The site's language the party joins from (the /es pages send es; absent: en): the waiting
    // list's emails, and the booking an accepted offer makes, are in it. The booking's own rule.
    language: bookingInputSchema.shape.language,
  },
  { error: 'The request could not be read: send a JSON object.' },
);

// POST /api/waitlist/{id}/accept: the booking's details, by the booking form's own rules; the
// package, date and party come from the offer.
export const acceptOfferSchema = z.object(
  {
    name: bookingInputSchema.shape.name,
    email: bookingInputSchema.shape.email,
    address: bookingInputSchema.shape.address,
    phone: bookingInputSchema.shape.phone,
  },
  { error: 'The booking could not be read: send a JSON object.' },
);

// POST /api/admin/departures/{id}/messages: a subject on one line, a plain-text body that keeps
// its tabs and newlines (paragraphs), control characters refused first.
export const departureMessageSchema = z.object(
  {
    subject: z
      .string({ error: 'The subject must be text.' })
      .check(
        rule(
          firstOf<string>(
            [(v) => !hasControlChars(v), controlCharsMessage('Subject')],
            [(v) => v.trim() !== '', 'Write a subject.'],
            [
              (v) => v.trim().length <= messageLimits.subject,
              `Keep the subject to ${messageLimits.subject} characters or fewer.`,
            ],
          ),
        ),
      ),
    body: messageText(
      [(v) => v.trim() !== '', 'Write the message.'],
      [
        (v) => v.replace(/\r\n?/g, '\n').trimEnd().length <= messageLimits.body,
        `Keep the message to ${messageLimits.body} characters or fewer.`,
      ],
    ),
    dryRun: z.optional(z.boolean({ error: 'dryRun must be true or false.' })),
  },
  { error: 'The message could not be read: send a JSON object.' },
);
export type DepartureMessage = z.infer<typeof departureMessageSchema>;

export const departureMessageResultSchema = z.object({ recipients: z.number() });
export type DepartureMessageResult = z.infer<typeof departureMessageResultSchema>;

// POST /api/admin/departures/{id}/move: another date of the same package, an optional note to the
// travellers (plain text, tabs and newlines kept), and dryRun to preview.
export const departureMoveSchema = z.strictObject(
  {
    toDepartureId: z
      .string({ error: 'Choose the date to move to.' })
      .check(z.refine(isUuid, 'Choose the date to move to.')),
    message: z.optional(
      messageText([
        (v) => v.trim().length <= moveMessageMax,
        `Keep the message to ${moveMessageMax} characters or fewer.`,
      ]),
    ),
    dryRun: z.optional(z.boolean({ error: 'dryRun must be true or false.' })),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Send toDepartureId, and optionally message and dryRun.'
        : 'The move could not be read: send a JSON object.',
  },
) satisfies z.ZodMiniType<DepartureMove>;

export const departureMoveResultSchema = z.object({
  parties: z.number(),
  travellers: z.number(),
  expiresAt: z.nullable(isoDateTime),
  waitingTold: z.number(),
  preview: z.optional(z.nullable(z.object({ subject: z.string(), text: z.string() }))),
  departure: z.optional(adminDepartureSchema),
  target: z.optional(adminDepartureSchema),
});
// Active bookings offered the new date and their travellers (the seats held on the target); when
// the offers lapse (null on a dry run); waiting-list entries told the date will not run; the email
// each party gets, as the first party would read it (a dry run only).
export type DepartureMoveResult = z.infer<typeof departureMoveResultSchema>;

// GET and PUT /api/admin/last-seen: when this operator last looked at the bookings, and how many
// arrived since (counted up to newBookingsCap: the badge shows "99+").
export const lastSeenSchema = z.object({
  lastSeenAt: z.nullable(isoDateTime),
  newBookings: z.number(),
});
export type LastSeen = z.infer<typeof lastSeenSchema>;

// --- Money (contract v5) -----------------------------------------------------------------------

// POST /api/admin/bookings/{id}/payments: a payment or a refund staff record. Amounts are whole
// cents (1234.50 dollars is 123450): a fraction of a cent, zero, a negative or a huge amount is a
// 400 with a message on amountCents. Never edited: a mistake is undone by an entry of the other
// kind with a note.
const amountMessage =
  'The amount must be a whole number of cents from 1 to 1,200,000,000 (12 × 100,000 dollars).';
export const ledgerEntryRequestSchema = z.strictObject(
  {
    kind: z.enum(paymentKinds, { error: 'Kind must be "payment" or "refund".' }),
    method: z.enum(paymentMethods, { error: 'Method must be card, bank-transfer, cash or other.' }),
    amountCents: z
      .number({ error: amountMessage })
      .check(
        z.refine(Number.isSafeInteger, amountMessage),
        z.minimum(1, amountMessage),
        z.maximum(1_200_000_000, amountMessage),
      ),
    reference: z.optional(z.nullable(text({ label: 'The reference', max: 100 }))),
    note: z.optional(z.nullable(text({ label: 'The note', max: 500, multiline: true }))),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'A payment takes kind, method, amountCents, reference and note.'
        : 'The payment could not be read: send a JSON object.',
  },
);
export type LedgerEntryRequest = z.input<typeof ledgerEntryRequestSchema>;

// 409 from POST .../payments: more than is owed (a payment) or paid (a refund).
export const ledgerConflictSchema = z.object({ message: z.string(), allowedCents: z.number() });

// GET /api/bookings/{id}/cancellation: what cancelling now keeps and gives back.
export const cancellationQuoteSchema = z.object({
  feeCents: z.number(),
  refundCents: z.number(),
  paidCents: z.number(),
  currency: z.string(),
});
export type CancellationQuoteAnswer = z.infer<typeof cancellationQuoteSchema>;

// GET /api/admin/money: the money screen and the overview's money charts.
const moneyRowSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  name: z.string(),
  packageName: z.string(),
  startsOn: z.nullable(isoDate),
  state: z.enum(paymentStates),
  amountCents: z.number(),
  dueOn: z.nullable(isoDate),
});
export const moneyScreenSchema = z.object({
  currency: z.string(),
  dueSoon: z.array(moneyRowSchema),
  overdue: z.array(moneyRowSchema),
  refundsDue: z.array(moneyRowSchema),
  received: z.array(
    z.object({
      id: z.string(),
      bookingId: z.string(),
      reference: z.string(),
      name: z.string(),
      kind: z.enum(paymentKinds),
      method: z.enum(paymentMethods),
      amountCents: z.number(),
      at: isoDateTime,
      staff: z.nullable(z.string()),
    }),
  ),
  receivedPerWeek: z.array(z.object({ week: isoDate, cents: z.number() })),
  outstandingPerMonth: z.array(z.object({ month: z.string(), cents: z.number() })),
});
export type MoneyScreen = z.infer<typeof moneyScreenSchema>;

// GET /api/payments/instructions: how to pay (PAYMENT_INSTRUCTIONS), shown with the booking's reference.
export const paymentInstructionsSchema = z.object({
  provider: z.enum(paymentProviders),
  currency: z.string(),
  instructions: z.string(),
});
export type PaymentInstructions = z.infer<typeof paymentInstructionsSchema>;

// POST /api/bookings/{id}/checkout and POST /api/guest-links/{token}/checkout (PAYMENT_PROVIDER
// stripe): the Stripe Checkout page to send the traveller to. The amount is the server's.
export const checkoutRequestSchema = z.strictObject({ purpose: z.enum(checkoutPurposes) });
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutAnswerSchema = z.object({ url: z.string() });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;
