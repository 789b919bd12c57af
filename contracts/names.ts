// How long a person's name may be: a booking's lead traveller (bookingLimits, ./booking.ts) and an
// account's display name, which fills that field of the booking form. A file of its own so that
// the account page need not load the booking module (scripts/bench-js.ts counts it as booking code).
export const personNameMax = 100;
