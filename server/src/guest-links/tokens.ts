// A traveller's personal link (/travellers/{token}): 32 random bytes (256 bits), base64url, so it
// cannot be guessed; only its SHA-256 is stored (guest_links.token_hash), so a copy of the
// database opens no one's details (docs/decisions/030-guest-links.md).
import { createHash, randomBytes } from 'node:crypto';
import { guestTokenPattern } from '#contracts/guest-links';

export const newGuestToken = () => randomBytes(32).toString('base64url');

export const hashGuestToken = (token: string) => createHash('sha256').update(token).digest('hex');

// Whether a path segment can be a token at all: anything else is answered like an unknown one.
export const isGuestToken = (value: string) => guestTokenPattern.test(value);

export const guestLinkPath = (token: string) => `/travellers/${token}`;

// The same kind of token answers a move offer for a party without an account (server/src/moves).
export const moveLinkPath = (token: string) => `/moves/${token}`;
