// Who a verified ID token says the caller is, and what checks a token: shared by the Firebase
// verifier (./verify-token.ts), its cache (./token-cache.ts) and the request hooks
// (./authenticate.ts).

// `role` is the custom claim of the staff (contracts/roles.ts reads it); anything else is a
// traveller.
// `emailVerified`: the token's email_verified (an unverified address gets few emails:
// server/src/mail/outbox.ts; a traveller invites others only then, server/src/guest-links). `authTime` (ms): when the user last signed in with their password
// or provider; a session cookie is made only from a recent one (./session-routes.ts).
// `name`: the account's display name as the token carries it (the `name` claim, set at sign-up);
// read through displayNameOf (server/src/guest-links/lead-name.ts) before it is shown to anyone.
export type VerifiedUser = {
  uid: string;
  email?: string;
  name?: string;
  role?: string;
  emailVerified?: boolean;
  authTime?: number;
};
export type TokenVerifier = ((idToken: string) => Promise<VerifiedUser>) & {
  // True for a token this process verified and still trusts (token-cache.ts): such a request is
  // never counted against its address's public limit (server/src/public-limit.ts).
  known?: (idToken: string) => boolean;
  // Whether the account's address is confirmed now, asked of the identity provider: a token says
  // what was true when it was made (up to an hour before), so one that says "unverified" may
  // predate the click on the confirmation link. Throws IdentityProviderUnavailableError when the
  // provider cannot be asked. Absent: the token's word is final.
  emailVerifiedNow?: (uid: string) => Promise<boolean>;
};
