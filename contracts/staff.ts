// The team and the bookings staff make (the console's /admin/staff and New booking, a guide's
// /guide): each shape once, as a zod schema with its type inferred from it. The browser imports
// the types only; the server declares the schemas on its routes (server/src/admin/staff.ts,
// server/src/admin/new-booking.ts, server/src/admin/guide-routes.ts).
import * as z from 'zod/mini';
import { bookingInputSchema } from './booking.js';
import { emailAddress, noControlChars } from './text.js';
import { staffRoles } from './roles.js';

export const staffRoleLabels = { owner: 'Owner', operator: 'Operator', guide: 'Guide' } as const;

export const staffMemberSchema = z.object({
  uid: z.string(),
  email: z.nullable(z.string()),
  role: z.enum(staffRoles),
  // ISO timestamp; null when the account never signed in.
  lastSignInAt: z.nullable(z.string()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ staff: z.array(staffMemberSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

const roleMessage = 'Choose a role: owner, operator or guide.';
export const staffGrantSchema = z.strictObject(
  {
    email: emailAddress({
      notText: 'Please enter the email address of their account.',
      required: 'Please enter the email address of their account.',
      max: 254,
    }).check(z.toLowerCase()),
    role: z.enum(staffRoles, { error: roleMessage }),
  },
  { error: 'The change could not be read: send a JSON object with email and role.' },
);
export type StaffGrant = z.infer<typeof staffGrantSchema>;

// GET /api/admin/guides (owners and operators): whom a departure can be given to.
export const guideListSchema = z.object({
  guides: z.array(z.object({ uid: z.string(), email: z.nullable(z.string()) })),
});
export type GuideList = z.infer<typeof guideListSchema>;

export const askToSignUpMessage = 'Ask them to create an account first';
// A role goes only to an account whose address its owner confirmed: whoever signs up first with
// a new hire's address would otherwise get their role (server/src/admin/staff.ts).
export const confirmAddressFirstMessage = 'Ask them to confirm their email address first';

// POST /api/admin/bookings: a booking taken on the phone. The traveller's fields as the booking
// form reads them; the party and the date are required here (staff choose them).
export const staffBookingStatuses = ['requested', 'confirmed'] as const;
export const staffBookingSchema = z.strictObject(
  {
    ...bookingInputSchema.shape,
    departureId: z
      .string({ error: 'Choose a departure date.' })
      .check(
        noControlChars('Departure'),
        z.regex(
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
          'This departure does not exist.',
        ),
      ),
    travellers: z.nonoptional(bookingInputSchema.shape.travellers, 'Enter the number of travellers.'),
    status: z.optional(z.enum(staffBookingStatuses, { error: 'Status must be requested or confirmed.' })),
    sendEmails: z.optional(z.boolean({ error: 'sendEmails must be true or false.' })),
    // Contract v5: no deposit deadline (the booking never lapses for an unpaid deposit).
    depositWaived: z.optional(z.boolean({ error: 'depositWaived must be true or false.' })),
  },
  { error: 'The booking could not be read: send a JSON object.' },
);
export type StaffBookingInput = z.infer<typeof staffBookingSchema>;

// GET /api/guide/departures: a guide's departures, soonest first, with the manifest's counts.
export const guideDepartureSchema = z.object({
  id: z.string(),
  packageName: z.string(),
  startsOn: z.string(),
  // Closed: it will not run as it stands (closed by the brand, or moved to another date).
  status: z.enum(['open', 'closed']),
  meetingPoint: z.nullable(z.string()),
  meetingTime: z.nullable(z.string()),
  // Travellers on active bookings, and how many of them are marked present or no-show.
  travellers: z.number(),
  present: z.number(),
  noShow: z.number(),
});
export type GuideDeparture = z.infer<typeof guideDepartureSchema>;
export const guideDeparturesSchema = z.object({ departures: z.array(guideDepartureSchema) });
export type GuideDepartures = z.infer<typeof guideDeparturesSchema>;

// PATCH /api/admin/departures/{id} {guides}: the uids of accounts with the guide role.
export const guidesSchema = z
  .array(
    z
      .string({ error: 'Each guide is an account id.' })
      .check(
        noControlChars('Guide'),
        z.minLength(1, 'Each guide is an account id.'),
        z.maxLength(128, 'Each guide is an account id.'),
      ),
  )
  .check(z.maxLength(20, 'At most 20 guides a departure.'));
