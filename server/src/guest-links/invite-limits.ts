// Invitations per account a day (INVITES_PER_DAY, server/src/env.ts), across all its bookings: a
// file of its own so that reading the environment loads nothing of the database.
export const defaultInvitesPerDay = 20;
