// The traveller's own data: the export (GET /api/me/export) and the erasure (DELETE /api/me).
import * as z from 'zod/mini';
import { bookingSchema, waitlistEntrySchema } from './api.js';

export const sentEmailSchema = z.object({
  kind: z.string(),
  // null once the email's content was purged (OUTBOX_RETENTION_DAYS after sending).
  subject: z.nullable(z.string()),
  date: z.string(),
});

// An address the account invited to fill in a traveller's details (the link itself is not kept).
export const invitationSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  // 2 for the second traveller, as the booking's page numbers them.
  traveller: z.number(),
  email: z.string(),
  invitedAt: z.string(),
});

export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({ uid: z.string(), email: z.nullable(z.string()) }),
  bookings: z.array(bookingSchema),
  waitingList: z.array(waitlistEntrySchema),
  invitations: z.array(invitationSchema),
  emails: z.array(sentEmailSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

export const accountDeletedSchema = z.object({ message: z.string(), cancelled: z.number() });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

// The answer to DELETE /api/me when the sign-in is older than five minutes.
export const signInAgainMessage = 'Sign in again';
