import { describe, expect, it } from 'vitest';
import {
  authErrorMessage,
  isSilentGoogleError,
  signUpError,
  signUpNameError,
} from '~/features/auth/utils/auth-messages';

const firebaseError = (code: string, message = `Firebase: Error (${code}).`) =>
  Object.assign(new Error(message), { code });

describe('authErrorMessage', () => {
  it.each([
    ['auth/user-not-found', 'There is no account with this Email'],
    ['auth/email-already-in-use', 'This email already have an account.'],
    ['auth/wrong-password', 'You have entered wrong Password.'],
    ['auth/invalid-credential', 'Incorrect email or password.'],
  ])('maps %s to the catalogue text', (code, text) => {
    expect(authErrorMessage(firebaseError(code))).toBe(text);
  });

  it("shows the provider's raw message for any other code", () => {
    expect(
      authErrorMessage(firebaseError('auth/too-many-requests', 'Firebase: Error (auth/too-many-requests).')),
    ).toBe('Firebase: Error (auth/too-many-requests).');
  });

  it('never shows an empty line', () => {
    expect(authErrorMessage('weird')).toBe('Something went wrong. Please try again.');
  });
});

describe('isSilentGoogleError', () => {
  it('is true only for a popup the user closed or cancelled', () => {
    expect(isSilentGoogleError(firebaseError('auth/popup-closed-by-user'))).toBe(true);
    expect(isSilentGoogleError(firebaseError('auth/cancelled-popup-request'))).toBe(true);
    expect(isSilentGoogleError(firebaseError('auth/internal-error'))).toBe(false);
    expect(isSilentGoogleError(new Error('x'))).toBe(false);
  });
});

describe('signUpError', () => {
  it('asks for at least 6 characters, then for matching passwords', () => {
    expect(signUpError('12345', '12345')).toBe('Password Must Be 6 Character long');
    expect(signUpError('12345', 'other')).toBe('Password Must Be 6 Character long');
    expect(signUpError('123456', '1234567')).toBe('Password did not match...!');
    expect(signUpError('123456', '123456')).toBeNull();
  });
});

describe('signUpNameError', () => {
  it('refuses control characters and names longer than a booking takes, and passes a normal name', () => {
    expect(signUpNameError('Ada\u0007 Lovelace')).toBe(
      'Name must not contain control characters (such as line breaks or invisible codes).',
    );
    expect(signUpNameError('A'.repeat(101))).toBe('Name must be at most 100 characters.');
    expect(signUpNameError(`  ${'A'.repeat(100)}  `)).toBeNull();
    expect(signUpNameError('Zoë Ó Súilleabháin')).toBeNull();
  });
});
