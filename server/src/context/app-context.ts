// What the app gives its API's route plugins: the database, the token check, the catalogue, the
// limits, the clocks tests move and the hooks main.ts wires (docs/decisions/060-app-context.md).
// Made once by buildApp (server/src/app.ts) from main.ts's environment; each plugin declares the
// fields it reads as a Pick of this type beside its function, so its dependencies are written in
// its signature and the type checker holds every caller to them.
import type { preValidationAsyncHookHandler } from 'fastify';
import type { StaffDirectory } from '../auth/staff-directory.js';
import type { TokenVerifier } from '../auth/verified-user.js';
import type { ServerPackage } from '../catalog/packages.js';
import type { Catalogue } from '../catalog/store.js';
import type { Database } from '../db/database.js';
import type Stripe from 'stripe';
import { todayIso } from '#contracts/iso-dates';

export type AppContext = {
  db: Database;
  verifyToken: TokenVerifier;
  // Every package by id, any status: the catalogue's live Map (server/src/catalog/store.ts).
  packages: Map<string, ServerPackage>;
  // The catalogue itself (buildApp sets it): its console routes and the package's questions.
  catalogue?: Catalogue;
  // Booking writes per signed-in user and minute.
  rateLimitPerMinute: number;
  // A user's seats in bookings awaiting confirmation, at most (MAX_HELD_SEATS_PER_USER).
  maxHeldSeatsPerUser?: number;
  // Live waiting-list entries (waiting or offered) per user, at most (MAX_WAITING_ENTRIES_PER_USER).
  maxWaitingEntriesPerUser?: number;
  // Online cancellation closes this many days before the departure.
  cancellationCutoffDays?: number;
  // Travellers' details can be changed online until this many days before the departure.
  detailsCutoffDays?: number;
  // Invitations to fill in one's own details, per account a day across its bookings
  // (INVITES_PER_DAY, default 20: server/src/guest-links/invite-limits.ts).
  invitesPerDay?: number;
  // The day bookings and cancellations are judged against; tests move it.
  today?: () => string;
  // Booking batches of this process in the database at once (BOOKING_BATCH_LANES;
  // server/src/bookings/repository.ts says why one is the default).
  batchLanes?: number;
  // The clock waiting-list offers are made and lapse by; tests move it.
  clock?: () => Date;
  // How long a waiting-list offer holds its seats (WAITLIST_OFFER_HOURS).
  waitlistOfferHours?: number;
  // A new departure's go/no-go date is this many days before it (DECISION_DAYS, default 30).
  decisionDays?: number;
  // How long a moved departure's offer holds each party's seats (MOVE_OFFER_HOURS, default 72).
  moveOfferHours?: number;
  // The brand's operations inbox (OPERATIONS_EMAIL): a copy of each new request and each
  // traveller's cancellation. Unset: nobody is copied.
  operationsEmail?: string;
  // Rows a query while writing the console's CSV (server/src/admin/bookings-routes.ts); tests
  // make it small to see the export read in pages.
  exportPageSize?: number;
  // Deletes an identity account (DELETE /api/me, server/src/me/routes.ts): firebase-admin's
  // deleteUser in server/src/main.ts.
  deleteIdentity?: (uid: string) => Promise<void>;
  // Told after a commit that queued emails, so the outbox worker need not wait for its next poll.
  onEmailQueued?: () => void;
  // The accounts behind the staff's roles (firebase-admin): the console's staff screen.
  staffDirectory?: StaffDirectory;
  // The one write budget each user has (BOOKING_RATE_LIMIT a minute), shared by booking,
  // cancelling, changing and the waiting list's writes: made once (server/src/api-routes.ts) so
  // every route counts into the same store. Without it a plugin makes its own
  // (./write-limits.ts).
  writeLimit?: preValidationAsyncHookHandler;
  // PAYMENT_PROVIDER=stripe: the Stripe client, the webhook's signing secret and where Checkout
  // sends the traveller back (made by server/src/payments/stripe-client.ts). Absent: staff record
  // every payment, and the card routes answer that cards are not offered.
  stripe?: { client: Stripe; webhookSecret: string; siteUrl: string };
};

// The day a plugin judges dates by: the context's (tests move it), else today in UTC.
export const todayOf = (context: Pick<AppContext, 'today'>) => context.today ?? (() => todayIso('UTC'));

// A package's name for messages and emails; its id when the catalogue no longer has it.
export const packageNamer = (packages: AppContext['packages']) => (id: string) =>
  packages.get(id)?.name ?? id;
