import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountForm } from '~/features/auth/components/account-form';

const actions = vi.hoisted(() => ({
  signInWithEmail: vi.fn(),
  signUpWithEmail: vi.fn(),
  sendPasswordReset: vi.fn(),
  signInWithGoogle: vi.fn(),
}));
vi.mock('~/lib/auth-actions', () => actions);

beforeEach(() => {
  for (const action of Object.values(actions)) action.mockReset();
});

// Keyboard users: when the form changes under the key they pressed, focus goes to what changed
// (the new heading, the message), never back to <body>.
describe('the account form and the keyboard', () => {
  it('focuses the sign-up heading after Enter on "Sign Up", and the login heading on the way back', async () => {
    const user = userEvent.setup();
    render(<AccountForm />);
    screen.getByRole('button', { name: 'Sign Up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Create your account' })).toHaveFocus());
    screen.getByRole('button', { name: 'Login' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome back' })).toHaveFocus());
  });

  it('after signing up, focuses the login heading the form returns to', async () => {
    const user = userEvent.setup();
    actions.signUpWithEmail.mockResolvedValue(undefined);
    render(<AccountForm />);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await user.type(screen.getByLabelText('Name'), 'Tess Traveller');
    await user.type(screen.getByLabelText('Email'), 'tess@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wander-far-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'wander-far-1{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Welcome back' })).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('after a refused login, focuses the message', async () => {
    const user = userEvent.setup();
    actions.signInWithEmail.mockRejectedValue(
      Object.assign(new Error('no'), { code: 'auth/invalid-credential' }),
    );
    render(<AccountForm />);
    await user.type(screen.getByLabelText('Email'), 'tess@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong-password{Enter}');
    const message = screen.getByRole('alert');
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).not.toBeEmptyDOMElement();
  });
});
