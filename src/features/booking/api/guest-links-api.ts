import { apiRequest } from '~/lib/api-client';
import type { GuestLink, InviteResult } from '#contracts/guest-links';
import type { MoveLink } from '#contracts/api';
import type { Guest } from '#contracts/guests';

// The lead asks a traveller of their booking to fill in their own details: an email with a
// personal link. Again for the same traveller: a new link, and the old one stops working.
export function inviteTraveller(bookingId: string, index: number, email: string): Promise<InviteResult> {
  return apiRequest<InviteResult>(`/api/bookings/${encodeURIComponent(bookingId)}/guests/${index}/invite`, {
    method: 'POST',
    body: { email },
  });
}

// A traveller's personal link: no sign-in, the token is the key.
const linkPath = (token: string) => `/api/guest-links/${encodeURIComponent(token)}`;

export function getGuestLink(token: string, signal?: AbortSignal): Promise<GuestLink> {
  return apiRequest<GuestLink>(linkPath(token), { auth: false, signal });
}

export function saveGuestLink(token: string, guest: Guest): Promise<GuestLink> {
  return apiRequest<GuestLink>(linkPath(token), { method: 'PUT', auth: false, body: { guest } });
}

// A party without an account answers the brand's move of its departure through its personal link.
const movePath = (token: string) => `/api/move-offers/${encodeURIComponent(token)}`;

export function getMoveLink(token: string, signal?: AbortSignal): Promise<MoveLink> {
  return apiRequest<MoveLink>(movePath(token), { auth: false, signal });
}

export function answerMoveLink(token: string, answer: 'accept' | 'decline'): Promise<MoveLink> {
  return apiRequest<MoveLink>(`${movePath(token)}/${answer}`, { method: 'POST', auth: false });
}
