import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StaffConsole } from '~/features/admin/components/staff-console';
import { fakeFetch, json } from '~/features/admin/test/fake-api';
import { confirmAddressFirstMessage, type StaffMember } from '#contracts/staff';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'owner-token', authErrorCode: () => undefined }));

const owner: StaffMember = {
  uid: 'owner-1',
  email: 'olive@example.com',
  role: 'owner',
  lastSignInAt: null,
};
const guide: StaffMember = { ...owner, uid: 'guide-1', email: 'gus@example.com', role: 'guide' };
const lastOwner = 'The last owner cannot be removed or demoted: make someone else an owner first.';

describe('the Team screen', () => {
  it('says a role needs a confirmed address, and shows the refusal at the email field', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /api/admin/staff': () => json(200, { staff: [owner] }),
      'PUT /api/admin/staff': () => json(409, { error: 'conflict', message: confirmAddressFirstMessage }),
    });
    render(<StaffConsole />);
    await screen.findByText('olive@example.com');
    expect(
      screen.getByText(/confirmed their email address \(the link in the email we send when they sign up\)/),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email of their account'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: /add|give/i }));
    const field = screen.getByLabelText('Email of their account');
    await waitFor(() => expect(field).toHaveAccessibleDescription(new RegExp(confirmAddressFirstMessage)));
  });

  it("shows a refused change as an error in that member's row, not as a success", async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /api/admin/staff': () => json(200, { staff: [owner, guide] }),
      'PUT /api/admin/staff': () => json(409, { error: 'conflict', message: lastOwner }),
    });
    render(<StaffConsole />);
    const row = (await screen.findByText('olive@example.com')).closest('li')!;
    await user.selectOptions(within(row).getByLabelText('Role of olive@example.com'), 'operator');
    const alert = await within(row).findByRole('alert');
    expect(alert).toHaveTextContent(lastOwner);
    expect(screen.getByRole('status')).not.toHaveTextContent(lastOwner);
    // The other member's row shows nothing.
    const other = screen.getByText('gus@example.com').closest('li')!;
    expect(within(other).queryByRole('alert')).toBeNull();
  });

  it('reports a change that worked in the status line, and clears the row’s earlier error', async () => {
    const user = userEvent.setup();
    let refuse = true;
    fakeFetch({
      'GET /api/admin/staff': () => json(200, { staff: [owner, guide] }),
      'PUT /api/admin/staff': () =>
        refuse
          ? json(409, { error: 'conflict', message: lastOwner })
          : json(200, { ...guide, role: 'operator' }),
    });
    render(<StaffConsole />);
    const row = (await screen.findByText('gus@example.com')).closest('li')!;
    await user.selectOptions(within(row).getByLabelText('Role of gus@example.com'), 'operator');
    expect(await within(row).findByRole('alert')).toHaveTextContent(lastOwner);
    refuse = false;
    await user.selectOptions(within(row).getByLabelText('Role of gus@example.com'), 'owner');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('gus@example.com: owner.'));
    expect(within(row).queryByRole('alert')).toBeNull();
  });
});

describe('the Team screen for an operator', () => {
  it('says it is for owners only, without the add form, when the server answers 403', async () => {
    fakeFetch({
      'GET /api/admin/staff': () =>
        json(403, { error: 'forbidden', message: 'This page is for Wayfarer Tours staff only.' }),
    });
    render(<StaffConsole />);
    expect(await screen.findByRole('heading', { name: 'Owners only' })).toBeVisible();
    expect(screen.queryByLabelText('Email of their account')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add to the team' })).toBeNull();
    expect(screen.queryByText(/staff only/)).toBeNull();
  });
});

describe('removing a role', () => {
  it('asks about your own role in your own words', async () => {
    const user = userEvent.setup();
    fakeFetch({ 'GET /api/admin/staff': () => json(200, { staff: [owner, guide] }) });
    render(<StaffConsole selfUid="owner-1" />);
    const mine = (await screen.findByText('olive@example.com')).closest('li')!;
    await user.click(within(mine).getByRole('button', { name: 'Remove' }));
    expect(within(mine).getByText('Remove your own role? You lose the console at once.')).toBeVisible();
    const theirs = screen.getByText('gus@example.com').closest('li')!;
    await user.click(within(theirs).getByRole('button', { name: 'Remove' }));
    expect(within(theirs).getByText('Remove their role?')).toBeVisible();
  });
});

describe('adding someone with the keyboard', () => {
  it('moves focus to the message once added, never leaving it on <body>', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /api/admin/staff': () => json(200, { staff: [owner] }),
      'PUT /api/admin/staff': () => json(200, { ...guide, role: 'guide' }),
    });
    render(<StaffConsole />);
    await user.type(await screen.findByLabelText('Email of their account'), 'gus@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'guide');
    await user.click(screen.getByRole('button', { name: 'Add to the team' }));
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveFocus());
    expect(status).toHaveTextContent('gus@example.com is now a guide.');
  });
});
