import { personNameMax } from '#contracts/names';
import { controlCharsMessage, hasControlChars } from '#contracts/text';
import { authErrorCode } from '~/lib/auth';
import { msg } from '#contracts/i18n';

// The sign-in messages word for word, typos included (docs/product.md#accounts), and one for
// invalid-credential.
const messages: Record<string, string> = {
  'auth/user-not-found': msg('There is no account with this Email'),
  'auth/email-already-in-use': msg('This email already have an account.'),
  'auth/wrong-password': msg('You have entered wrong Password.'),
  'auth/invalid-credential': msg('Incorrect email or password.'),
  'auth/invalid-login-credentials': msg('Incorrect email or password.'),
};

export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (code && messages[code]) return messages[code];
  if (error instanceof Error && error.message) return error.message;
  return msg('Something went wrong. Please try again.');
}

// Closing or cancelling the Google popup is the user's choice: logged, not shown.
const silentGoogleCodes = new Set([
  'auth/popup-closed-by-user',
  'auth/cancelled-popup-request',
  'auth/user-cancelled',
]);

export function isSilentGoogleError(error: unknown): boolean {
  const code = authErrorCode(error);
  return code !== undefined && silentGoogleCodes.has(code);
}

export const MIN_PASSWORD_LENGTH = 6;

// The sign-up rules (docs/product.md#accounts), in English: the form shows them in its page's
// language (`known`, contracts/i18n.ts). Required fields and the email format are left to the browser.
// The name becomes the account's display name, which fills the booking form's Name and goes into
// emails: held to the booking's own rules (contracts/names.ts, contracts/text.ts), checked before
// the password's messages because it is the first field.
export function signUpNameError(name: string): string | null {
  if (hasControlChars(name)) return controlCharsMessage('Name');
  const trimmed = name.trim();
  if (trimmed.length > personNameMax) return `Name must be at most ${personNameMax} characters.`;
  return null;
}

export function signUpError(password: string, confirm: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return msg('Password Must Be 6 Character long');
  if (password !== confirm) return msg('Password did not match...!');
  return null;
}
