import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { deleteMyAccount } from '~/features/booking/api/me-api';
import { YourData } from '~/features/booking/components/your-data';
import { ApiError } from '~/lib/api-client';

vi.mock('~/features/booking/api/me-api', () => ({ downloadMyData: vi.fn(), deleteMyAccount: vi.fn() }));
vi.mock('~/lib/auth', () => ({
  logOut: vi.fn(async () => {}),
  useAuth: () => ({ status: 'signed-in', user: { email: 'ada@example.com' } }),
}));

const setup = () => {
  render(
    <MemoryRouter>
      <YourData />
    </MemoryRouter>,
  );
  return userEvent.setup();
};

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

  it('says to sign in again when the server asks for a fresh sign-in', async () => {
    vi.mocked(deleteMyAccount).mockRejectedValue(new ApiError('unauthorized', 'Sign in again', 401));
    const user = setup();
    await user.type(screen.getByLabelText('Type DELETE or your email address to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/account');
  });
});
