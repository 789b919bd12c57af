import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { leaveWaitlist } from '~/features/booking/api/waitlist-api';
import { WaitlistEntries } from '~/features/booking/components/waitlist-entries';
import type { WaitlistEntry } from '#contracts/api';

vi.mock('~/features/booking/api/waitlist-api', () => ({
  acceptOffer: vi.fn(),
  leaveWaitlist: vi.fn(async (id: string) => ({ ...offered, id, status: 'left', offerExpiresAt: null })),
}));

const offered: WaitlistEntry = {
  id: '5d1c1f0e-1111-4a2b-9c3d-000000000001',
  departureId: '00000000-0000-4000-8000-000000000002',
  packageId: 'swiss-alpine-lakes',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2030-03-16',
  travellers: 2,
  status: 'offered',
  createdAt: '2030-01-01T10:00:00.000Z',
  offerExpiresAt: '2030-01-02T10:00:00.000Z',
  bookingId: null,
};

const prefill = { name: 'Ada Lovelace', email: 'ada@example.com', address: '', phone: '' };

function setup(entries: WaitlistEntry[] = [offered]) {
  const onUpdated = vi.fn();
  const view = render(
    <WaitlistEntries entries={entries} prefill={prefill} onUpdated={onUpdated} onBooked={vi.fn()} />,
  );
  return { user: userEvent.setup(), onUpdated, rerender: view.rerender };
}

describe('WaitlistEntries', () => {
  it('Accept opens the form with the focus in it; a refusal focuses the first field refused', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Book 2 travellers' }));
    await waitFor(() => expect(screen.getByLabelText('Address')).toHaveFocus());
  });

  it('Leave asks first, with the held seats named; staying keeps the entry', async () => {
    const { user, onUpdated } = setup();
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    expect(screen.getByRole('group', { name: 'Leave this waiting list?' })).toHaveTextContent(
      'The seats held for you go to the next traveller waiting.',
    );
    expect(screen.getByRole('button', { name: 'Stay on the list' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Stay on the list' }));
    expect(leaveWaitlist).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    await user.click(screen.getByRole('button', { name: 'Yes, leave' }));
    await waitFor(() => expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ status: 'left' })));
    expect(leaveWaitlist).toHaveBeenCalledWith(offered.id);
  });
});
