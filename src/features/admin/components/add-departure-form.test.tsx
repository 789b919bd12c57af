import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AddDepartureForm } from '~/features/admin/components/add-departure-form';
import { aDeparture, fakeFetch, json } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

describe('add a departure', () => {
  it('shows the server’s field errors beside the date and the capacity, keeping what was typed', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'POST /api/admin/departures': () =>
        json(400, {
          message: 'Please check the highlighted fields.',
          fieldErrors: {
            startsOn: 'Choose a date after today.',
            capacity: 'A departure needs at least 1 seat.',
          },
        }),
    });
    const onAdded = vi.fn();
    render(
      <AddDepartureForm packageId="swiss-alpine-lakes" packageName="Swiss Alpine Lakes" onAdded={onAdded} />,
    );
    const date = screen.getByLabelText('Date');
    const capacity = screen.getByLabelText('Capacity (seats)');
    await user.type(date, '2020-01-04');
    await user.clear(capacity);
    await user.type(capacity, '0');
    await user.click(screen.getByRole('button', { name: 'Add departure' }));

    await waitFor(() => expect(date).toHaveAccessibleDescription('Choose a date after today.'));
    expect(capacity).toHaveAccessibleDescription('A departure needs at least 1 seat.');
    expect(date).toHaveFocus();
    expect(date).toHaveValue('2020-01-04');
    expect(capacity).toHaveValue(0);
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('adds the departure and clears the date for the next one', async () => {
    const user = userEvent.setup();
    const added = aDeparture({
      startsOn: '2027-09-18',
      capacity: 10,
      seatsLeft: 10,
      seatsTaken: 0,
      bookingCount: 0,
    });
    const { calls } = fakeFetch({ 'POST /api/admin/departures': () => json(201, added) });
    const onAdded = vi.fn();
    render(
      <AddDepartureForm packageId="swiss-alpine-lakes" packageName="Swiss Alpine Lakes" onAdded={onAdded} />,
    );
    await user.type(screen.getByLabelText('Date'), '2027-09-18');
    await user.clear(screen.getByLabelText('Capacity (seats)'));
    await user.type(screen.getByLabelText('Capacity (seats)'), '10');
    await user.click(screen.getByRole('button', { name: 'Add departure' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(added));
    expect(calls[0]!.body).toEqual({ packageId: 'swiss-alpine-lakes', startsOn: '2027-09-18', capacity: 10 });
    expect(screen.getByLabelText('Date')).toHaveValue('');
    expect(screen.getByLabelText('Capacity (seats)')).toHaveValue(10);
  });
});
