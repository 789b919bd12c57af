import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { deleteMyAccount } from '~/features/booking/api/me-api';
import { YourData } from '~/features/booking/components/your-data';
import { ApiError } from '~/lib/api-client';

import { reauthenticate } from '~/lib/auth-actions';

const account = vi.hoisted(() => ({ provider: 'password' }));
vi.mock('~/features/booking/api/me-api', () => ({ downloadMyData: vi.fn(), deleteMyAccount: vi.fn() }));
vi.mock('~/lib/auth-actions', () => ({ reauthenticate: vi.fn() }));
vi.mock('~/lib/auth', () => ({
  logOut: vi.fn(async () => {}),
  authErrorCode: (e: unknown) => (e as { code?: string }).code,
  useAuth: () => ({
    status: 'signed-in',
    user: { email: 'ada@example.com', providerData: [{ providerId: account.provider }] },
  }),
}));

const setup = () => {
  render(
    <MemoryRouter initialEntries={['/bookings']}>
      <Routes>
        <Route path="/bookings" element={<YourData />} />
        <Route path="/account/deleted" element={<h1>Your account is deleted</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
};
const stale = () => new ApiError('unauthorized', 'Sign in again', 401);

describe('YourData', () => {
  it('deletes only after DELETE or the account’s email is typed', async () => {
    vi.mocked(deleteMyAccount).mockResolvedValue({ message: 'deleted', cancelled: 0 });
    const user = setup();
    const button = screen.getByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE or your email address to confirm'), 'delete');
    expect(button).toBeDisabled();
    await user.clear(screen.getByLabelText('Type DELETE or your email address to confirm'));
    await user.type(screen.getByLabelText('Type DELETE or your email address to confirm'), 'ADA@example.com');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(deleteMyAccount).toHaveBeenCalledTimes(1);
  });

  it('ends on the page that says the account is gone', async () => {
    vi.mocked(deleteMyAccount).mockResolvedValue({ message: 'deleted', cancelled: 0 });
    const user = setup();
    await user.type(screen.getByLabelText('Type DELETE or your email address to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  });

  // The server wants a sign-in within 5 minutes: the password is asked for right there, and the
  // deletion goes ahead once it is right.
  it('asks for the password again in place when the sign-in is too old, then deletes', async () => {
    account.provider = 'password';
    vi.mocked(deleteMyAccount).mockReset().mockRejectedValueOnce(stale()).mockResolvedValue({
      message: 'deleted',
      cancelled: 1,
    });
    vi.mocked(reauthenticate)
      .mockReset()
      .mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'auth/invalid-credential' }))
      .mockResolvedValue();
    const user = setup();
    await user.type(screen.getByLabelText('Type DELETE or your email address to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const password = await screen.findByLabelText('Your password');
    expect(password).toHaveFocus();
    expect(screen.queryByRole('link', { name: 'Sign in again' })).toBeNull();

    const confirm = screen.getByRole('button', { name: 'Confirm and delete my account' });
    await user.click(confirm);
    expect(await screen.findByText('Enter your password.')).toBeVisible();
    expect(reauthenticate).not.toHaveBeenCalled();

    await user.type(password, 'wrong');
    await user.click(confirm);
    expect(await screen.findByText('That password is not right. Please try again.')).toBeVisible();
    expect(deleteMyAccount).toHaveBeenCalledTimes(1);

    await user.clear(password);
    await user.type(password, 'secret123');
    await user.click(confirm);
    expect(reauthenticate).toHaveBeenLastCalledWith('secret123');
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
    expect(deleteMyAccount).toHaveBeenCalledTimes(2);
  });

  it('a Google account confirms with Google instead of a password', async () => {
    account.provider = 'google.com';
    vi.mocked(deleteMyAccount).mockReset().mockRejectedValueOnce(stale()).mockResolvedValue({
      message: 'deleted',
      cancelled: 0,
    });
    vi.mocked(reauthenticate).mockReset().mockResolvedValue();
    const user = setup();
    await user.type(screen.getByLabelText('Type DELETE or your email address to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const google = await screen.findByRole('button', { name: 'Confirm with Google and delete my account' });
    expect(screen.queryByLabelText('Your password')).toBeNull();
    await user.click(google);
    expect(reauthenticate).toHaveBeenLastCalledWith(null);
    expect(await screen.findByRole('heading', { name: 'Your account is deleted' })).toBeVisible();
  });
});
