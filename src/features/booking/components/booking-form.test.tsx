import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Booking, BookingInput } from '~/contracts/booking';
import { BookingForm } from '~/features/booking/components/booking-form';
import { ApiError } from '~/lib/api-client';

const initial = { name: 'Ada Lovelace', author: 'ada@example.com', address: '', phone: '' };

const booked = (input: BookingInput): Booking => ({
  ...input,
  id: '8a5f8a8e-5b0e-4f7c-9a59-0d2f7a1c9e11',
  reference: 'WT-ABCD1234',
  packageName: 'Swiss Alpine Lakes',
  price: 2450,
  createdAt: new Date().toISOString(),
});

type Submit = (input: BookingInput, idempotencyKey: string) => Promise<Booking>;

function setup(onSubmit = vi.fn<Submit>(async (input) => booked(input))) {
  const onBooked = vi.fn();
  render(
    <BookingForm packageId="swiss-alpine-lakes" initial={initial} onSubmit={onSubmit} onBooked={onBooked} />,
  );
  return { onSubmit, onBooked, user: userEvent.setup() };
}

const fill = async (
  user: ReturnType<typeof userEvent.setup>,
  address = '12 St James Square',
  phone = '442079460000',
) => {
  await user.type(screen.getByLabelText('Address'), address);
  await user.type(screen.getByLabelText('Phone'), phone);
};

describe('BookingForm', () => {
  it('prefills Name and Email (the field named author), with a numeric Phone', () => {
    setup();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'author');
    expect(screen.getByLabelText('Phone')).toHaveAttribute('type', 'number');
  });

  it('shows a message beside each refused field, and sends nothing', async () => {
    const { onSubmit, user } = setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Please enter your address.');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter your phone number.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
  });

  it('sends the trimmed booking once with an idempotency key, then resets and reports it', async () => {
    const { onSubmit, onBooked, user } = setup();
    await fill(user, '  12 St James Square  ');
    await user.dblClick(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      packageId: 'swiss-alpine-lakes',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: '12 St James Square',
      phone: '442079460000',
    });
    expect(onSubmit.mock.calls[0]![1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ reference: 'WT-ABCD1234' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Address')).toHaveValue('');
  });

  it('keeps every value and says why when the server refuses, and retries with the same key', async () => {
    const onSubmit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(
        new ApiError('offline', 'You appear to be offline. Check your connection and try again.'),
      )
      .mockRejectedValueOnce(
        new ApiError('invalid', 'Please check the highlighted fields.', 400, {
          phone: 'Phone must have at most 15 digits.',
        }),
      )
      .mockImplementation(async (input) => booked(input));
    const { onBooked, user } = setup(onSubmit);
    await fill(user);

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You appear to be offline.');
    expect(screen.getByLabelText('Address')).toHaveValue('12 St James Square');
    expect(screen.getByLabelText('Phone')).toHaveValue(442079460000);

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByText('Phone must have at most 15 digits.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onBooked).toHaveBeenCalledTimes(1);
    const keys = onSubmit.mock.calls.map((call) => call[1]);
    expect(new Set(keys).size).toBe(1);
  });

  it('renders a script typed into a field as text', async () => {
    const { user } = setup();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '<img src=x onerror=alert(1)>');
    expect(screen.getByLabelText('Name')).toHaveValue('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});
