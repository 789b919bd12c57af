import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyGuest, type Guest } from '#contracts/guests';
import { saveTravellers } from '~/features/booking/api/bookings-api';
import { TravellersForm } from '~/features/booking/components/travellers-form';
import { inDays, makeBooking } from '~/features/booking/test/make-booking';
import { todayIso } from '#contracts/iso-dates';
import { addDays } from '#contracts/iso-dates';
import type { Booking } from '#contracts/api';

// The API module is stood in for: these tests are about what the form does with its answers.
vi.mock('~/features/booking/api/bookings-api', () => ({ saveTravellers: vi.fn() }));

const booking = (over: Partial<Booking> = {}): Booking =>
  makeBooking({
    departureId: '00000000-0000-4000-8000-0000000000d1',
    startsOn: inDays(60),
    travellers: 3,
    ...over,
  });

const show = (b: Booking) =>
  render(
    <MemoryRouter>
      <TravellersForm booking={b} />
    </MemoryRouter>,
  );

const person = (n: number) => screen.getByRole('group', { name: new RegExp(`^Traveller ${n}\\b`) });

beforeEach(() => vi.mocked(saveTravellers).mockReset());

describe('TravellersForm', () => {
  it('shows one fieldset per traveller with visible labels, a telephone field and the lead’s name', () => {
    show(booking());
    expect(screen.getAllByRole('group', { name: /^Traveller \d/ })).toHaveLength(3);
    const lead = within(person(1));
    expect(lead.getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    for (const label of [
      'Date of birth',
      'Dietary needs',
      'Medical or accessibility notes',
      'Emergency contact name',
    ]) {
      expect(lead.getByLabelText(label)).toBeVisible();
    }
    expect(lead.getByLabelText('Emergency contact phone')).toHaveAttribute('type', 'tel');
    // The date picker offers no day the check refuses: yesterday at the latest.
    expect(lead.getByLabelText('Date of birth')).toHaveAttribute('max', addDays(todayIso('local'), -1));
    expect(screen.getByText('0 of 3 travellers complete')).toBeVisible();
  });

  it('saves part now: sends every traveller, empty fields as "later"', async () => {
    const user = userEvent.setup();
    const saved: Guest[] = [
      {
        ...emptyGuest('Ada Lovelace'),
        dateOfBirth: '1984-03-09',
        emergencyName: 'Sam',
        emergencyPhone: '+44 20 7946 0000',
      },
      emptyGuest(),
      emptyGuest(),
    ];
    const b = booking();
    vi.mocked(saveTravellers).mockResolvedValue({ ...b, guests: saved });
    show(b);
    const lead = within(person(1));
    await user.type(lead.getByLabelText('Date of birth'), '1984-03-09');
    await user.type(lead.getByLabelText('Emergency contact name'), 'Sam');
    await user.type(lead.getByLabelText('Emergency contact phone'), '+44 20 7946 0000');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    // With each traveller's answers to the package's questions (none asked here).
    expect(saveTravellers).toHaveBeenCalledWith(
      b.id,
      saved.map((g) => ({ ...g, answers: {} })),
    );
    expect(
      await screen.findByText('Saved. 1 of 3 travellers complete: you can add the rest later.'),
    ).toBeVisible();
  });

  it('calls a traveller complete only when every needed field is filled in and acceptable', async () => {
    const user = userEvent.setup();
    show(booking());
    const second = within(person(2));
    await user.type(second.getByLabelText('Full name'), 'Grace Hopper');
    await user.type(second.getByLabelText('Emergency contact name'), 'Sam');
    await user.type(second.getByLabelText('Emergency contact phone'), '+44 20 7946 0000');
    expect(person(2)).toHaveAccessibleName(/To complete$/);
    // A date of birth in the future fills the last field but is refused: still not complete.
    await user.type(second.getByLabelText('Date of birth'), '2099-01-01');
    expect(person(2)).toHaveAccessibleName(/To complete$/);
    await user.clear(second.getByLabelText('Date of birth'));
    await user.type(second.getByLabelText('Date of birth'), '1906-12-09');
    expect(person(2)).toHaveAccessibleName(/Complete$/);
    expect(person(2)).not.toHaveAccessibleName(/To complete$/);
  });

  it('checks a filled field before sending (a phone with letters), and sends nothing', async () => {
    const user = userEvent.setup();
    show(booking());
    const third = within(person(3));
    await user.type(third.getByLabelText('Emergency contact phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(saveTravellers).not.toHaveBeenCalled();
    expect(third.getByLabelText('Emergency contact phone')).toHaveAttribute('aria-invalid', 'true');
    expect(third.getByLabelText('Emergency contact phone')).toHaveValue('call me');
  });

  it('offers no form for a cancelled booking, or inside the cutoff (how to reach us instead)', () => {
    const { unmount } = show(booking({ status: 'cancelled' }));
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
    expect(screen.getByText(/cancelled, so its travellers’ details can no longer be changed/)).toBeVisible();
    unmount();
    show(booking({ startsOn: inDays(1) }));
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('until 2 days before departure');
    // What was given stays readable: the lead's name, and "Not given" for the rest.
    const lead = within(screen.getByRole('region', { name: 'Traveller 1 (lead)' }));
    expect(lead.getByText('Full name').nextElementSibling).toHaveTextContent('Ada Lovelace');
    expect(lead.getByText('Date of birth').nextElementSibling).toHaveTextContent('Not given');
    expect(screen.getAllByRole('region', { name: /^Traveller \d/ })).toHaveLength(3);
    // A traveller with nothing given says so once, not "Not given" six times.
    const second = within(screen.getByRole('region', { name: 'Traveller 2' }));
    expect(second.getByText('No details were given for this traveller.')).toBeVisible();
    expect(second.queryByText('Not given')).toBeNull();
    // The lead no longer asks to "come back for the rest": nothing can be changed online now.
    expect(screen.queryByText(/come back for the rest/)).toBeNull();
  });
});
