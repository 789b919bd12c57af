import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyGuest } from '#contracts/guests';
import { brand } from '#contracts/brand';
import { cancelBooking, changeBooking, getBookings } from '~/features/booking/api/bookings-api';
import { BookingsList } from '~/features/booking/components/bookings-list';
import { inDays, makeBooking } from '~/features/booking/test/make-booking';
import { ApiError } from '~/lib/api-client';
import { formatTripDate } from '#contracts/format';
import type { Booking } from '#contracts/api';

// The API module is stood in for: these tests are about what the list does with its answers.
vi.mock('~/features/booking/api/bookings-api', () => ({
  getBookings: vi.fn(),
  cancelBooking: vi.fn(),
  changeBooking: vi.fn(),
}));
// How to pay, and the cancel dialog's quote (contract v5).
vi.mock('~/features/booking/api/payments-api', () => ({
  getPaymentInstructions: vi.fn(async () => ({
    provider: 'manual',
    currency: 'USD',
    instructions: 'Pay by bank transfer to IBAN XX00 TEST.',
  })),
  getCancellationQuote: vi.fn(async () => ({
    feeCents: 98_000,
    refundCents: 2_000,
    paidCents: 100_000,
    currency: 'USD',
  })),
}));
// The Change dialog's list of dates.
vi.mock('~/lib/departures-api', () => ({ getDepartures: vi.fn(async () => []) }));

const booking = makeBooking;

const farConfirmed = booking({
  packageName: 'Kyoto Temples',
  startsOn: inDays(40),
  status: 'confirmed',
  travellers: 3,
  total: 7350,
});
const soon = booking({ packageName: 'Sahara Caravan', startsOn: inDays(20) });
const undated = booking({ packageName: 'Amazon Expedition' });
const withinCutoff = booking({ packageName: 'Tromsø Lights', startsOn: inDays(5) });
const cancelled = booking({ packageName: 'Patagonia Trek', startsOn: inDays(60), status: 'cancelled' });
const past = booking({ packageName: 'Iceland Ring', startsOn: inDays(-10), status: 'confirmed' });
const all = [farConfirmed, soon, undated, withinCutoff, cancelled, past];

beforeEach(() => {
  vi.mocked(getBookings).mockReset().mockResolvedValue(all);
  vi.mocked(cancelBooking).mockReset();
});

function setup() {
  render(
    <MemoryRouter>
      <BookingsList />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const card = (b: Booking) => screen.getByRole('article', { name: `Booking ${b.reference}` });
const statusOf = (el: HTMLElement) => el.querySelector('.status-badge')?.textContent;
const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const titlesIn = (section: string) =>
  within(screen.getByRole('region', { name: section }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('My bookings', () => {
  it('puts the next trip first, then trips awaiting a date, past trips and cancelled ones', async () => {
    setup();
    await screen.findAllByRole('article');
    expect(sectionTitles()).toEqual(['Upcoming trips', 'Dates to be agreed', 'Past trips', 'Cancelled']);
    expect(titlesIn('Upcoming trips')).toEqual(['Tromsø Lights', 'Sahara Caravan', 'Kyoto Temples']);
    expect(titlesIn('Dates to be agreed')).toEqual(['Amazon Expedition']);
    expect(titlesIn('Past trips')).toEqual(['Iceland Ring']);
    expect(titlesIn('Cancelled')).toEqual(['Patagonia Trek']);
  });

  it('says how many travellers are complete and opens their details where they can still change', async () => {
    const done = {
      ...emptyGuest('Ada Lovelace'),
      dateOfBirth: '1984-03-09',
      emergencyName: 'Sam',
      emergencyPhone: '020 7946 0000',
    };
    const half = booking({
      packageName: 'Alps Loop',
      startsOn: inDays(40),
      travellers: 4,
      guests: [done, done, emptyGuest(), emptyGuest()],
    });
    const full = booking({
      packageName: 'Fjord Sail',
      startsOn: inDays(50),
      travellers: 1,
      guests: [done],
      detailsComplete: true,
    });
    const tooLate = booking({ packageName: 'Desert Night', startsOn: inDays(1), travellers: 2 });
    vi.mocked(getBookings).mockResolvedValue([half, full, tooLate, cancelled]);
    setup();
    await screen.findAllByRole('article');
    expect(card(half)).toHaveTextContent('2 of 4 travellers complete');
    expect(within(card(half)).getByRole('link', { name: /^Add travellers’ details/ })).toHaveAttribute(
      'href',
      `/bookings/${half.id}/travellers`,
    );
    expect(card(full)).toHaveTextContent('1 of 1 traveller complete');
    expect(within(card(full)).getByRole('link', { name: /^Edit travellers’ details/ })).toBeVisible();
    // Inside the cutoff: the count, no form, the details to read, and why they cannot be changed.
    expect(card(tooLate)).toHaveTextContent('0 of 2 travellers complete');
    expect(within(card(tooLate)).queryByRole('link', { name: /^(Add|Edit) travellers’ details/ })).toBeNull();
    expect(within(card(tooLate)).getByRole('link', { name: /^View travellers’ details/ })).toHaveAttribute(
      'href',
      `/bookings/${tooLate.id}/travellers`,
    );
    expect(card(tooLate)).toHaveTextContent('The details can no longer be changed online');
    expect(within(card(cancelled)).queryByText(/travellers complete/)).toBeNull();
  });

  it('shows each booking with its status, date, travellers and total', async () => {
    setup();
    await screen.findAllByRole('article');
    const kyoto = card(farConfirmed);
    // What is due, by when, and how to pay with the reference (contract v5).
    expect(kyoto).toHaveTextContent('Deposit due');
    expect(await within(kyoto).findByText(/IBAN XX00 TEST/)).toBeInTheDocument();
    expect(within(kyoto).getByText('Confirmed')).toBeInTheDocument();
    expect(kyoto).toHaveTextContent(formatTripDate(farConfirmed.startsOn!));
    expect(kyoto).toHaveTextContent('Travellers3');
    expect(kyoto).toHaveTextContent('$7,350');
    expect(kyoto).toHaveTextContent('3 travellers × $2,450');
    expect(statusOf(card(soon))).toBe('Status: Requested');
    expect(statusOf(card(cancelled))).toBe('Status: Cancelled');
    expect(card(undated)).toHaveTextContent('Date to be agreed');
  });

  it('offers Cancel only where allowed, and how to reach us past the cutoff', async () => {
    setup();
    await screen.findAllByRole('article');
    for (const b of [farConfirmed, soon, undated]) {
      expect(within(card(b)).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
    }
    for (const b of [withinCutoff, cancelled, past]) {
      expect(within(card(b)).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    }
    const close = card(withinCutoff);
    expect(within(close).getByRole('link', { name: brand.phone })).toHaveAttribute('href', brand.phoneHref);
    expect(within(close).getByRole('link', { name: brand.email })).toHaveAttribute(
      'href',
      `mailto:${brand.email}`,
    );
  });

  it('cancels after confirmation in a dialog, and shows the new status without a reload', async () => {
    vi.mocked(cancelBooking).mockImplementation(async (id) => ({ ...soon, id, status: 'cancelled' }));
    const user = setup();
    await screen.findAllByRole('article');
    await user.click(within(card(soon)).getByRole('button', { name: 'Cancel booking' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent('Sahara Caravan');
    expect(dialog).toHaveTextContent(soon.reference);
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
    // The fee and the refund before the traveller confirms.
    expect(
      await within(dialog).findByText('Cancellation fee $980.00. You get back $20.00 of the $1,000.00 paid.'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(cancelBooking).toHaveBeenCalledExactlyOnceWith(soon.id);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(titlesIn('Cancelled')).toEqual(['Patagonia Trek', 'Sahara Caravan']);
    expect(statusOf(card(soon))).toBe('Status: Cancelled');
    expect(within(card(soon)).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(within(card(soon)).getByRole('status')).toHaveTextContent('Cancelled.');
    expect(card(soon)).toHaveFocus();
    expect(getBookings).toHaveBeenCalledTimes(1);
  });

  it('"Keep booking" and Escape close the dialog, change nothing and return focus to the button', async () => {
    const user = setup();
    await screen.findAllByRole('article');
    const button = within(card(soon)).getByRole('button', { name: 'Cancel booking' });

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();

    await user.click(button);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();

    expect(cancelBooking).not.toHaveBeenCalled();
    expect(statusOf(card(soon))).toBe('Status: Requested');
  });

  it('closing the Change dialog returns focus to Change, never to "Cancel booking" beside it', async () => {
    const user = setup();
    await screen.findAllByRole('article');
    const change = within(card(soon)).getByRole('button', { name: 'Change' });

    await user.click(change);
    // A browser's showModal() puts focus in the dialog; jsdom does not, so the test does.
    await user.click(within(screen.getByRole('dialog')).getByLabelText('Travellers'));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(change).toHaveFocus();

    await user.click(change);
    await user.click(screen.getByRole('button', { name: 'Keep as it is' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(change).toHaveFocus();
    expect(changeBooking).not.toHaveBeenCalled();
  });

  it('after a change, focus goes to the booking with its "Changed." note', async () => {
    vi.mocked(changeBooking).mockImplementation(async (id) => ({ ...soon, id, travellers: 3, total: 7350 }));
    const user = setup();
    await screen.findAllByRole('article');
    await user.click(within(card(soon)).getByRole('button', { name: 'Change' }));
    const dialog = screen.getByRole('dialog');
    await user.clear(within(dialog).getByLabelText('Travellers'));
    await user.type(within(dialog).getByLabelText('Travellers'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changeBooking).toHaveBeenCalledWith(soon.id, expect.objectContaining({ travellers: 3 }));
    expect(within(card(soon)).getByRole('status')).toHaveTextContent('Changed.');
    expect(card(soon)).toHaveFocus();
  });

  it('shows a refusal inside the dialog; past the cutoff the card then says how to reach us', async () => {
    const refusal = `Your trip starts within 14 days: please call us on ${brand.phone} to cancel.`;
    vi.mocked(cancelBooking).mockRejectedValue(new ApiError('other', refusal, 409, {}, { message: refusal }));
    const user = setup();
    await screen.findAllByRole('article');
    await user.click(within(card(undated)).getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(statusOf(card(undated))).toBe('Status: Requested');
    expect(within(card(undated)).queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(within(card(undated)).getByRole('link', { name: brand.phone })).toBeInTheDocument();
    expect(card(undated)).toHaveFocus();
  });

  it('on a failure that may pass, says why in the dialog and lets the traveller try again', async () => {
    vi.mocked(cancelBooking)
      .mockRejectedValueOnce(new ApiError('unavailable', 'Bookings are unavailable right now.', 503))
      .mockImplementation(async (id) => ({ ...farConfirmed, id, status: 'cancelled' }));
    const user = setup();
    await screen.findAllByRole('article');
    await user.click(within(card(farConfirmed)).getByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Bookings are unavailable right now.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cancelBooking).toHaveBeenCalledTimes(2);
    expect(statusOf(card(farConfirmed))).toBe('Status: Cancelled');
  });
});
