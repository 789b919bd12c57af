import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '~/lib/auth';
import { VerifyEmailNote } from '~/components/verify-email-note';

const auth = vi.hoisted(() => ({
  state: { status: 'signed-out' } as AuthState,
  resend: vi.fn(),
  refresh: vi.fn(),
}));
vi.mock('~/lib/auth', () => ({ useAuth: () => auth.state }));
vi.mock('~/lib/auth-actions', () => ({
  resendEmailVerification: auth.resend,
  refreshEmailVerified: auth.refresh,
}));

const signedIn = (emailVerified: boolean): AuthState => ({
  status: 'signed-in',
  user: {
    uid: 'u1',
    displayName: 'Ana',
    email: 'ana@example.com',
    emailVerified,
    phoneNumber: null,
    photoURL: null,
    isAnonymous: false,
    providerData: [],
  },
});

describe('VerifyEmailNote', () => {
  beforeEach(() => {
    auth.resend.mockReset();
    auth.refresh.mockReset().mockResolvedValue(false);
  });

  // The link was followed in the email app: back on the page, the address is checked again (and
  // a fresh token taken when it is confirmed), with no new sign-in.
  it('asks again whether the address is confirmed when the page is back in front, and only while unverified', () => {
    auth.state = signedIn(false);
    const { rerender } = render(<VerifyEmailNote />);
    expect(auth.refresh).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('focus'));
    expect(auth.refresh).toHaveBeenCalledTimes(1);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(auth.refresh).toHaveBeenCalledTimes(2);
    auth.state = signedIn(true);
    rerender(<VerifyEmailNote />);
    window.dispatchEvent(new Event('focus'));
    expect(auth.refresh).toHaveBeenCalledTimes(2);
  });

  it('asks an unverified account to confirm its address, and resends the email on request', async () => {
    auth.state = signedIn(false);
    auth.resend.mockResolvedValue(undefined);
    render(<VerifyEmailNote />);
    expect(
      screen.getByText('Confirm your email address to get every email about your bookings'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(auth.resend).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a new link to ana@example.com.');
  });

  it('says nothing to a verified account or a visitor', () => {
    auth.state = signedIn(true);
    const { container, rerender } = render(<VerifyEmailNote />);
    expect(container).toBeEmptyDOMElement();
    auth.state = { status: 'signed-out' };
    rerender(<VerifyEmailNote />);
    expect(container).toBeEmptyDOMElement();
  });

  // The server rendered the page for the session cookie's user: the note is there from the first
  // paint, before the SDK has loaded, so nothing is pushed down when it does.
  it('follows the cookie the page was rendered for until the SDK knows the user', () => {
    const cookieUser = (emailVerified: boolean) => ({
      uid: 'u1',
      email: 'ana@example.com',
      emailVerified,
      name: 'Ana',
      operator: false,
      role: null,
    });
    auth.state = { status: 'loading' };
    const { container, rerender } = render(<VerifyEmailNote renderedFor={cookieUser(false)} />);
    expect(
      screen.getByText('Confirm your email address to get every email about your bookings'),
    ).toBeVisible();
    rerender(<VerifyEmailNote renderedFor={cookieUser(true)} />);
    expect(container).toBeEmptyDOMElement();
    // The SDK has the last word: verified since the cookie was made.
    auth.state = signedIn(true);
    rerender(<VerifyEmailNote renderedFor={cookieUser(false)} />);
    expect(container).toBeEmptyDOMElement();
    auth.state = { status: 'signed-out' };
    rerender(<VerifyEmailNote renderedFor={cookieUser(false)} />);
    expect(container).toBeEmptyDOMElement();
  });
});
