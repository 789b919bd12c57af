import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyGuest } from '#contracts/guests';
import { inviteTraveller } from '~/features/booking/api/guest-links-api';
import { saveTravellers } from '~/features/booking/api/bookings-api';
import { TravellersForm } from '~/features/booking/components/travellers-form';
import { inDays, makeBooking } from '~/features/booking/test/make-booking';
import { ApiError } from '~/lib/api-client';
import type { Booking } from '#contracts/api';

// The API modules are stood in for: these tests are about what the invite controls do.
vi.mock('~/features/booking/api/guest-links-api', () => ({ inviteTraveller: vi.fn() }));
vi.mock('~/features/booking/api/bookings-api', () => ({ saveTravellers: vi.fn() }));

const complete = {
  fullName: 'Mary Somerville',
  dateOfBirth: '1980-12-26',
  dietary: '',
  medical: '',
  emergencyName: 'William',
  emergencyPhone: '+44 20 7946 0001',
};

const booking = (): Booking =>
  makeBooking({
    departureId: '00000000-0000-4000-8000-0000000000d1',
    startsOn: inDays(60),
    travellers: 4,
    guests: [
      emptyGuest('Ada Lovelace'),
      { ...emptyGuest(), inviteStatus: 'not-invited' },
      { ...emptyGuest(), inviteStatus: 'invited' },
      { ...complete, inviteStatus: 'complete' },
    ],
  });

const shown = booking();
const show = () =>
  render(
    <MemoryRouter>
      <TravellersForm booking={shown} />
    </MemoryRouter>,
  );

const person = (n: number) => within(screen.getByRole('group', { name: new RegExp(`^Traveller ${n}\\b`) }));

beforeEach(() => {
  vi.mocked(inviteTraveller).mockReset();
  vi.mocked(saveTravellers).mockReset();
});

describe('inviting travellers to fill in their own details', () => {
  it('shows a status beside each traveller after the first: Invite, Resend, or complete with no button', () => {
    show();
    expect(person(1).queryByRole('button', { name: /Invite|Resend/ })).toBeNull();
    expect(person(1).queryByText('Not invited')).toBeNull();
    expect(person(2).getByText('Not invited')).toBeVisible();
    expect(person(2).getByRole('button', { name: 'Invite' })).toBeVisible();
    expect(person(2).getByLabelText('Email for traveller 2')).toHaveAttribute('type', 'email');
    expect(person(3).getByText('Invited')).toBeVisible();
    expect(person(3).getByRole('button', { name: 'Resend' })).toBeVisible();
    expect(person(4).getByText('Complete', { selector: '.travellers__invite-badge' })).toBeVisible();
    expect(person(4).queryByRole('button', { name: /Invite|Resend/ })).toBeNull();
  });

  it('invites by email: sends the traveller’s index, then says Invited and offers Resend', async () => {
    const user = userEvent.setup();
    vi.mocked(inviteTraveller).mockResolvedValue({ message: 'ok', index: 1, inviteStatus: 'invited' });
    show();
    await user.type(person(2).getByLabelText('Email for traveller 2'), 'charles@example.com');
    await user.click(person(2).getByRole('button', { name: 'Invite' }));
    expect(inviteTraveller).toHaveBeenCalledWith(shown.id, 1, 'charles@example.com');
    expect(await person(2).findByText(/We emailed charles@example.com a link/)).toBeVisible();
    expect(person(2).getByText('Invited')).toBeVisible();
    expect(person(2).getByRole('button', { name: 'Resend' })).toBeVisible();
    // Enter in the email field invites; it does not save the details form.
    await user.type(person(2).getByLabelText('Email for traveller 2'), 'again@example.com{Enter}');
    expect(inviteTraveller).toHaveBeenLastCalledWith(shown.id, 1, 'again@example.com');
    expect(saveTravellers).not.toHaveBeenCalled();
  });

  it('checks the address first and shows the server’s refusal beside the field', async () => {
    const user = userEvent.setup();
    show();
    await user.click(person(2).getByRole('button', { name: 'Invite' }));
    expect(person(2).getByText('Please enter their email address.')).toBeVisible();
    expect(inviteTraveller).not.toHaveBeenCalled();

    vi.mocked(inviteTraveller).mockRejectedValue(
      new ApiError('unauthorized', 'Please confirm your email address first.', 403),
    );
    await user.type(person(2).getByLabelText('Email for traveller 2'), 'x@example.com');
    await user.click(person(2).getByRole('button', { name: 'Invite' }));
    expect(await person(2).findByText('Please confirm your email address first.')).toBeVisible();
    expect(person(2).getByLabelText('Email for traveller 2')).toHaveAttribute('aria-invalid', 'true');
    expect(person(2).getByText('Not invited')).toBeVisible();
  });
});
