import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveGuestLink } from '~/features/booking/api/guest-links-api';
import { GuestLinkForm } from '~/features/booking/components/guest-link-form';
import type { GuestLink } from '#contracts/guest-links';

vi.mock('~/features/booking/api/guest-links-api', () => ({ saveGuestLink: vi.fn() }));

const details = {
  fullName: 'Charles Babbage',
  dateOfBirth: '1991-12-26',
  dietary: '',
  medical: '',
  emergencyName: 'Georgiana Babbage',
  emergencyPhone: '+44 20 7946 5555',
};

const link = (over: Partial<GuestLink> = {}): GuestLink => ({
  packageName: 'Kyoto Temples and Tea',
  startsOn: '2027-05-01',
  leadName: 'Ada Lovelace',
  editableUntil: '2027-04-29',
  position: 1,
  questions: [
    { id: 'boot-size', label: 'Boot size', kind: 'text', choices: [], required: true },
    { id: 'room', label: 'Room', kind: 'choice', choices: ['Single', 'Shared'], required: false },
  ],
  guest: { ...details, answers: {} },
  complete: false,
  ...over,
});

const TOKEN = 't'.repeat(43);

beforeEach(() => vi.mocked(saveGuestLink).mockReset());

// The personal link asks the package's questions, a required one marked, and sends the answers.
describe('GuestLinkForm', () => {
  it('asks the package’s questions, marks the required one, and saves the answers', async () => {
    const user = userEvent.setup();
    vi.mocked(saveGuestLink).mockResolvedValue(
      link({ guest: { ...details, answers: { 'boot-size': '42' } }, complete: true }),
    );
    render(<GuestLinkForm token={TOKEN} link={link()} />);
    expect(screen.getByText('Your details are not complete yet')).toBeVisible();
    const boot = screen.getByLabelText('Boot size (required)');
    expect(screen.getByText('(required)')).toBeVisible();
    expect(screen.getByLabelText('Room (optional)')).toBeVisible();
    await user.type(boot, '42');
    await user.click(screen.getByRole('button', { name: 'Save my details' }));
    expect(saveGuestLink).toHaveBeenCalledWith(TOKEN, {
      ...details,
      answers: { 'boot-size': '42' },
    });
    expect(await screen.findByText('Saved. Your details are complete: thank you.')).toBeVisible();
    expect(screen.getByText('Your details are complete')).toBeVisible();
  });

  it('asks in English on an English page, whatever the package has in Spanish', () => {
    const translations = {
      es: { questions: [{ id: 'room', label: 'Habitación', choices: ['Individual', 'Compartida'] }] },
    };
    render(<GuestLinkForm token={TOKEN} link={link({ translations })} />);
    const room = screen.getByLabelText('Room (optional)');
    expect(screen.getByRole('option', { name: 'Choose…' })).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Single' })).not.toHaveAttribute('lang');
    expect(room).not.toHaveTextContent('Individual');
    expect(screen.queryByText('Habitación')).toBeNull();
  });
});
