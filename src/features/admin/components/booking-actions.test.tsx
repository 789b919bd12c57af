import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BookingActions } from '~/features/admin/components/booking-actions';
import { aBooking, fakeFetch, json } from '~/features/admin/test/fake-api';
import type { AdminBooking } from '#contracts/api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

function Row({
  initial,
  onChanged,
}: {
  initial: AdminBooking;
  onChanged: (b: AdminBooking, m: string) => void;
}) {
  const [booking, setBooking] = useState(initial);
  return (
    <div>
      <a id="ref" href="#ref">
        {booking.reference}
      </a>
      <span data-testid="status">{booking.status}</span>
      <BookingActions
        booking={booking}
        returnFocusId="ref"
        onChanged={(b, m) => {
          setBooking(b);
          onChanged(b, m);
        }}
      />
    </div>
  );
}

describe('booking actions', () => {
  it('confirms a requested booking with the operator token', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      'POST /api/admin/bookings/5b0f3c1e-7a2d-4c8e-9f10-2a3b4c5d6e7f/confirm': () =>
        json(200, aBooking({ status: 'confirmed' })),
    });
    const onChanged = vi.fn();
    render(<Row initial={aBooking()} onChanged={onChanged} />);
    await user.click(screen.getByRole('button', { name: 'Confirm WT-7K2M9QXA' }));
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('confirmed'));
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer operator-token');
    expect(onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'confirmed' }),
      expect.stringContaining('confirmed'),
    );
    // Confirmed: nothing left to confirm, still cancellable.
    expect(screen.queryByRole('button', { name: /^Confirm/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel WT-7K2M9QXA' })).toBeEnabled();
  });

  it('confirmed from the keyboard, the focus moves to Cancel, not to the page', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'POST /api/admin/bookings/5b0f3c1e-7a2d-4c8e-9f10-2a3b4c5d6e7f/confirm': () =>
        json(200, aBooking({ status: 'confirmed' })),
    });
    render(<Row initial={aBooking()} onChanged={vi.fn()} />);
    screen.getByRole('button', { name: 'Confirm WT-7K2M9QXA' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel WT-7K2M9QXA' })).toHaveFocus());
  });

  it('offers nothing for a cancelled booking', () => {
    render(<Row initial={aBooking({ status: 'cancelled' })} onChanged={vi.fn()} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the cancel dialog', () => {
  it('is a labelled modal with focus in the reason, which is required; focus returns on close', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({});
    render(<Row initial={aBooking()} onChanged={vi.fn()} />);
    const opener = screen.getByRole('button', { name: 'Cancel WT-7K2M9QXA' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Cancel booking WT-7K2M9QXA?' });
    expect(dialog).toHaveAttribute('open');
    const reason = screen.getByLabelText('Reason for cancelling');
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();

    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(reason).toHaveAccessibleDescription(
      'Please give a reason: the traveller reads it in their email.',
    );
    expect(reason).toHaveFocus();
    // Only spaces are no reason either.
    await user.type(reason, '   ');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(screen.getByTestId('status')).toHaveTextContent('requested');
  });

  it('sends the reason, updates the booking and moves focus to the row when the button is gone', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      'POST /api/admin/bookings/5b0f3c1e-7a2d-4c8e-9f10-2a3b4c5d6e7f/cancel': ({ body }) =>
        json(200, aBooking({ status: 'cancelled', cancelReason: (body as { reason: string }).reason })),
    });
    const onChanged = vi.fn();
    render(<Row initial={aBooking({ status: 'confirmed' })} onChanged={onChanged} />);
    await user.click(screen.getByRole('button', { name: 'Cancel WT-7K2M9QXA' }));
    await user.type(screen.getByLabelText('Reason for cancelling'), '  Landslide closed the pass  ');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));

    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('cancelled'));
    expect(calls[0]!.body).toEqual({ reason: 'Landslide closed the pass' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'WT-7K2M9QXA' })).toHaveFocus();
    expect(onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'cancelled' }),
      expect.stringContaining('cancelled'),
    );
  });

  it('keeps the reason and shows the server’s message beside the field or in the dialog', async () => {
    const user = userEvent.setup();
    let answer = json(400, {
      message: 'Please check the highlighted fields.',
      fieldErrors: { reason: 'Keep the reason to 500 characters or fewer.' },
    });
    fakeFetch({ 'POST /api/admin/bookings/5b0f3c1e-7a2d-4c8e-9f10-2a3b4c5d6e7f/cancel': () => answer });
    render(<Row initial={aBooking()} onChanged={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel WT-7K2M9QXA' }));
    const reason = screen.getByLabelText('Reason for cancelling');
    await user.type(reason, 'Too long, as the server says');
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(reason).toHaveAccessibleDescription('Keep the reason to 500 characters or fewer.'),
    );
    expect(reason).toHaveValue('Too long, as the server says');

    answer = json(409, { message: 'This booking is already cancelled.' });
    await user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This booking is already cancelled.');
    expect(reason).toHaveValue('Too long, as the server says');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
