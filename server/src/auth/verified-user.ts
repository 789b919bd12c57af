// Who a verified ID token says the caller is, and what checks a token: shared by the Firebase
// verifier (./verify-token.ts), its cache (./token-cache.ts) and the request hooks
// (./authenticate.ts).

// `role` is the custom claim that makes an operator ("admin"); anything else is a traveller.
// `authTime`: when the user last signed in (the token's auth_time, seconds since 1970).
export type VerifiedUser = { uid: string; email?: string; role?: string; authTime?: number };
export type TokenVerifier = ((idToken: string) => Promise<VerifiedUser>) & {
  // True for a token this process verified and still trusts (token-cache.ts): such a request is
  // never counted against its address's public limit (server/src/public-limit.ts).
  known?: (idToken: string) => boolean;
};
