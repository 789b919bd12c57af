// Who an invitation says it is from: the account's display name as its token carries it, held
// to the sign-up form's rules (src/features/auth/utils/auth-messages.ts: no control characters,
// at most contracts/names.ts's length), never the booking's Name field, which is free text of a
// request. An account without one (or with one that breaks the rules) is named by a phrase.
import { personNameMax } from '#contracts/names';
import { hasControlChars } from '#contracts/text';
import type { VerifiedUser } from '../auth/verified-user.js';

export const leadNameFallback = 'Your travel companion';

export function leadNameOf(user: Pick<VerifiedUser, 'name'>): string {
  const name = user.name?.trim() ?? '';
  if (name === '' || name.length > personNameMax || hasControlChars(name)) return leadNameFallback;
  return name;
}
