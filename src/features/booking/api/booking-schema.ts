// The booking rules, shared by the form (src/features/booking) and the API (server/src/bookings).
// zod/mini keeps the signed-in pages' bundle small; the server parses with the same schema.
// No path alias here: the server imports this file directly.
import * as z from 'zod/mini';

export const bookingLimits = {
  name: 100,
  email: 254,
  address: 300,
  phoneMin: 6,
  phoneMax: 15,
  packageId: 64,
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .check(
      z.trim(),
      z.minLength(1, `Please enter your ${label.toLowerCase()}.`),
      z.maxLength(max, `${label} must be at most ${max} characters.`),
    );

export const bookingInputSchema = z.object({
  packageId: z
    .string({ error: 'Choose a package.' })
    .check(
      z.trim(),
      z.minLength(1, 'Choose a package.'),
      z.maxLength(bookingLimits.packageId, 'Unknown package.'),
    ),
  name: text('Name', bookingLimits.name),
  email: z
    .string({ error: 'Email must be text.' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your email.'),
      z.maxLength(bookingLimits.email, `Email must be at most ${bookingLimits.email} characters.`),
      z.email('Please enter a valid email address.'),
    ),
  address: text('Address', bookingLimits.address),
  // SPEC point 5: the phone is numeric. Digits only (no spaces, signs or exponents).
  phone: z
    .string({ error: 'Phone must be text.' })
    .check(
      z.trim(),
      z.minLength(1, 'Please enter your phone number.'),
      z.regex(/^\d+$/, 'Phone must contain digits only.'),
      z.minLength(bookingLimits.phoneMin, `Phone must have at least ${bookingLimits.phoneMin} digits.`),
      z.maxLength(bookingLimits.phoneMax, `Phone must have at most ${bookingLimits.phoneMax} digits.`),
    ),
});

export type BookingInput = z.infer<typeof bookingInputSchema>;
export type BookingField = keyof BookingInput;

// What the API answers for a stored booking.
export type Booking = BookingInput & {
  id: string;
  reference: string;
  packageName: string;
  price: number;
  createdAt: string;
};

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
