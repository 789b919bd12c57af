import { testPayment } from '~/features/booking/test/make-booking';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingInput } from '#contracts/booking';
import { emptyGuest } from '#contracts/guests';
import { todayIso } from '#contracts/iso-dates';
import { phoneMessages } from '#contracts/phone';
import { BookingForm } from '~/features/booking/components/booking-form';
import { ApiError } from '~/lib/api-client';
import type { Booking, Departure, WaitlistEntry } from '#contracts/api';

const initial = { name: 'Ada Lovelace', author: 'ada@example.com', address: '', phone: '' };
const packageId = 'swiss-alpine-lakes';

const departure = (
  id: string,
  startsOn: string,
  seatsLeft: number,
  status: Departure['status'] = 'open',
  guarantee: { guaranteed: boolean; toGuarantee: number } = { guaranteed: false, toGuarantee: 0 },
): Departure => ({
  id,
  packageId,
  price: 2450,
  startsOn,
  capacity: 12,
  seatsLeft,
  status,
  ...guarantee,
});

const closed = departure('00000000-0000-4000-8000-000000000001', '2030-03-02', 12, 'closed');
const soldOut = departure('00000000-0000-4000-8000-000000000002', '2030-03-16', 0);
const fourLeft = departure('00000000-0000-4000-8000-000000000003', '2030-03-30', 4);
const roomy = departure('00000000-0000-4000-8000-000000000004', '2030-04-13', 12);
const schedule = [closed, soldOut, fourLeft, roomy];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The departures come through the real API client; only the network is stood in for.
let answers: Response[];
const fetchMock = vi.fn(async (url: string) => {
  expect(url).toBe(`/api/packages/${packageId}/departures`);
  return answers.length > 1 ? answers.shift()! : answers[0]!.clone();
});

beforeEach(() => {
  sessionStorage.clear();
  answers = [json(200, { departures: schedule })];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const booked = (input: BookingInput): Booking => ({
  ...input,
  id: '8a5f8a8e-5b0e-4f7c-9a59-0d2f7a1c9e11',
  reference: 'WT-ABCD1234',
  packageName: 'Swiss Alpine Lakes',
  departureId: input.departureId ?? fourLeft.id,
  startsOn: fourLeft.startsOn,
  travellers: input.travellers ?? 1,
  price: 2450,
  total: 2450 * (input.travellers ?? 1),
  status: 'requested',
  createdAt: new Date().toISOString(),
  guests: Array.from({ length: input.travellers ?? 1 }, (_, i) => emptyGuest(i === 0 ? input.name : '')),
  detailsComplete: false,
  payment: testPayment(245_000 * (input.travellers ?? 1)),
});

type Submit = (input: BookingInput, idempotencyKey: string) => Promise<Booking>;

type Join = (departureId: string, travellers: number) => Promise<WaitlistEntry>;

const entryFor = (departureId: string, travellers: number): WaitlistEntry => ({
  id: '5d1c1f0e-1111-4a2b-9c3d-000000000001',
  departureId,
  packageId,
  packageName: 'Swiss Alpine Lakes',
  startsOn: schedule.find((d) => d.id === departureId)!.startsOn,
  travellers,
  status: 'waiting',
  createdAt: new Date().toISOString(),
  offerExpiresAt: null,
  bookingId: null,
});

function setup(
  onSubmit = vi.fn<Submit>(async (input) => booked(input)),
  onJoinWaitlist = vi.fn<Join>(async (id, n) => entryFor(id, n)),
  owner = 'uid-ada',
) {
  const onBooked = vi.fn();
  const view = render(
    <MemoryRouter>
      <BookingForm
        owner={owner}
        packageId={packageId}
        price={2450}
        initial={initial}
        onSubmit={onSubmit}
        onBooked={onBooked}
        onJoinWaitlist={onJoinWaitlist}
      />
    </MemoryRouter>,
  );
  return { onSubmit, onBooked, onJoinWaitlist, user: userEvent.setup(), unmount: view.unmount };
}

const fill = async (
  user: ReturnType<typeof userEvent.setup>,
  address = '12 St James Square',
  phone = '+44 20 7946 0000',
) => {
  await user.type(screen.getByLabelText('Address'), address);
  await user.type(screen.getByLabelText('Phone'), phone);
};

const dates = () => screen.findAllByRole('radio');
const total = () => screen.getByRole('status', { name: 'Total' });

describe('BookingForm', () => {
  it('prefills Name and Email (the field named author), with a telephone Phone field', async () => {
    setup();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('name', 'author');
    // The telephone keypad on phones; type="number" would drop the + and leading zeros.
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    // The terms where the decision is made, beside Book Now.
    const terms = screen.getByRole('region', { name: 'Booking terms' });
    expect(terms).toHaveTextContent('No payment is taken now');
    expect(terms).toHaveTextContent('until 14 days before the departure');
    expect(within(terms).getByRole('link', { name: '+1 (415) 555-0142' })).toHaveAttribute(
      'href',
      'tel:+14155550142',
    );
    await dates();
  });

  it.each([
    ['+44 7700 900123', '+44 7700 900123'],
    ['(415) 555-0142', '(415) 555-0142'],
    ['  0049  30 901820 ', '0049 30 901820'],
  ])('sends the phone %j as typed (%j)', async (typed, sent) => {
    const { onSubmit, user } = setup();
    await dates();
    await fill(user, '12 St James Square', typed);
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0].phone).toBe(sent);
  });

  it('says what is wrong with a phone number and sends nothing', async () => {
    const { onSubmit, user } = setup();
    await dates();
    await fill(user, '12 St James Square', '555-01x2');
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(phoneMessages.characters);
    expect(screen.getByLabelText('Phone')).toHaveFocus();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), '(415) 55');
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(phoneMessages.tooShort);
    expect(screen.getByLabelText('Phone')).toHaveValue('(415) 55');
  });

  it('keeps unsent values per package across a remount (a reload, a sign-out elsewhere) until booked', async () => {
    const first = setup();
    await dates();
    await fill(first.user, '1 Harbour Row', '+44 7700 900123');
    await first.user.click(screen.getByRole('radio', { name: /Sat 13 Apr 2030/ }));
    await first.user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    first.unmount();

    const second = setup();
    await dates();
    expect(screen.getByLabelText('Address')).toHaveValue('1 Harbour Row');
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 7700 900123');
    expect(screen.getByLabelText('Travellers')).toHaveValue(2);
    expect(screen.getByRole('radio', { name: /Sat 13 Apr 2030/ })).toBeChecked();
    // Another package's form starts from its own (empty) draft.
    expect(sessionStorage.getItem('wayfarer:booking-draft:uid-ada:other-trip')).toBeNull();
    expect(sessionStorage.getItem(`wayfarer:booking-draft:uid-ada:${packageId}`)).not.toBeNull();

    await second.user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(second.onBooked).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(`wayfarer:booking-draft:uid-ada:${packageId}`)).toBeNull();
    second.unmount();
    setup();
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
  });

  it('keeps a draft per account: the next account to sign in in this tab never sees it', async () => {
    const ada = setup();
    await dates();
    await fill(ada.user, '1 Harbour Row', '+44 7700 900123');
    ada.unmount();
    expect(sessionStorage.getItem(`wayfarer:booking-draft:uid-ada:${packageId}`)).toContain('1 Harbour Row');

    const grace = setup(undefined, undefined, 'uid-grace');
    await dates();
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    // Reading Grace's draft dropped Ada's from the tab.
    expect(sessionStorage.getItem(`wayfarer:booking-draft:uid-ada:${packageId}`)).toBeNull();
    grace.unmount();
  });

  it('shows a message beside each refused field, and sends nothing', async () => {
    const { onSubmit, user } = setup();
    await dates();
    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText('Address')).toHaveAccessibleDescription('Please enter your address.');
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription('Please enter your phone number.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
  });

  it('drops "check the highlighted fields" once every highlighted field is corrected', async () => {
    const { user } = setup();
    await dates();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    await user.type(screen.getByLabelText('Address'), '12 St James Square');
    // The phone is still highlighted, so the message stays.
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted fields.');
    await user.type(screen.getByLabelText('Phone'), '4755512345');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('sends the trimmed booking once with its date, party and an idempotency key, then resets', async () => {
    const { onSubmit, onBooked, user } = setup();
    await dates();
    await fill(user, '  12 St James Square  ');
    await user.dblClick(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      packageId,
      departureId: fourLeft.id,
      travellers: 1,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      address: '12 St James Square',
      phone: '+44 20 7946 0000',
    });
    expect(onSubmit.mock.calls[0]![1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(onBooked).toHaveBeenCalledWith(expect.objectContaining({ reference: 'WT-ABCD1234' }));
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Address')).toHaveValue('');
    expect(screen.getByLabelText('Travellers')).toHaveValue(1);
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
    await dates();
    await fill(user);

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You appear to be offline.');
    expect(screen.getByLabelText('Address')).toHaveValue('12 St James Square');
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 7946 0000');

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
    await dates();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), '<img src=x onerror=alert(1)>');
    expect(screen.getByLabelText('Name')).toHaveValue('<img src=x onerror=alert(1)>');
    expect(document.querySelector('img')).toBeNull();
  });
});

describe('BookingForm: the terms for the date chosen', () => {
  it('a date inside the cancellation cutoff is not promised free online cancellation', async () => {
    const inTenDays = new Date(Date.now() + 10 * 86_400_000);
    const soon = departure('00000000-0000-4000-8000-000000000009', todayIso('local', inTenDays), 12);
    answers = [json(200, { departures: [soon, roomy] })];
    const { user } = setup();
    await screen.findByRole('radiogroup', { name: 'Departure' });
    const terms = screen.getByRole('region', { name: 'Booking terms' });
    expect(terms).toHaveTextContent('This date is less than 14 days away, so it cannot be cancelled online.');
    expect(terms).not.toHaveTextContent('Free cancellation online');
    await user.click(screen.getByRole('radio', { name: 'Sat 13 Apr 2030, 12 seats left' }).closest('label')!);
    expect(terms).toHaveTextContent(
      'Free cancellation online, from My bookings, until 14 days before the departure.',
    );
  });
});

describe('BookingForm: departure and travellers', () => {
  it('shows every date with its seats; closed ones cannot be chosen; the earliest open one is chosen', async () => {
    const { user } = setup();
    const group = await screen.findByRole('radiogroup', { name: 'Departure' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(schedule.map((d) => d.id));

    const closedDate = within(group).getByRole('radio', { name: 'Sat 2 Mar 2030, closed' });
    const soldOutDate = within(group).getByRole('radio', {
      name: 'Sat 16 Mar 2030, sold out · waiting list',
    });
    const fourLeftDate = within(group).getByRole('radio', { name: 'Sat 30 Mar 2030, 4 seats left' });
    const roomyDate = within(group).getByRole('radio', { name: 'Sat 13 Apr 2030, 12 seats left' });
    expect(closedDate).toBeDisabled();
    // A sold-out date can be chosen for its waiting list.
    expect(soldOutDate).toBeEnabled();
    expect(fourLeftDate).toBeEnabled();
    expect(fourLeftDate).toBeChecked();
    expect(group).toHaveTextContent('Sold out');
    expect(group).toHaveTextContent('Closed');

    await user.click(closedDate.closest('label')!);
    expect(closedDate).not.toBeChecked();
    expect(fourLeftDate).toBeChecked();

    await user.click(roomyDate.closest('label')!);
    expect(roomyDate).toBeChecked();
    expect(fourLeftDate).not.toBeChecked();
  });

  it('folds a long schedule after six dates, and unfolds it on request', async () => {
    const later = Array.from({ length: 4 }, (_, i) =>
      departure(`00000000-0000-4000-8000-00000000001${i}`, `2030-0${5 + i}-01`, 12),
    );
    answers = [json(200, { departures: [...schedule, ...later] })];
    const { user } = setup();
    expect(await dates()).toHaveLength(6);
    const more = screen.getByRole('button', { name: 'Show 2 more dates' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getAllByRole('radio')).toHaveLength(8);
    await user.click(screen.getByRole('radio', { name: 'Thu 1 Aug 2030, 12 seats left' }).closest('label')!);
    // The chosen date stays in view: there is nothing to fold away.
    expect(screen.queryByRole('button', { name: 'Show fewer dates' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Sat 30 Mar 2030/ }).closest('label')!);
    await user.click(screen.getByRole('button', { name: 'Show fewer dates' }));
    expect(screen.getAllByRole('radio')).toHaveLength(6);
  });

  it('shows the total for the party as it changes', async () => {
    const { user } = setup();
    await dates();
    expect(total()).toHaveTextContent('1 traveller × $2,450 = $2,450');
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    expect(screen.getByLabelText('Travellers')).toHaveValue(3);
    expect(total()).toHaveTextContent('3 travellers × $2,450 = $7,350');
    await user.click(screen.getByRole('button', { name: 'Remove a traveller' }));
    expect(total()).toHaveTextContent('2 travellers × $2,450 = $4,900');
  });

  it('caps the party at the seats left on the chosen date and at twelve, with a message beside the field', async () => {
    const { onSubmit, user } = setup();
    await fill(user);
    await dates();
    const travellers = screen.getByLabelText('Travellers');

    await user.clear(travellers);
    await user.type(travellers, '5');
    expect(travellers).toHaveAttribute('aria-invalid', 'true');
    expect(travellers).toHaveAccessibleDescription(
      /^Only 4 seats left on Sat 30 Mar 2030: choose 4 travellers or fewer, or another date\./,
    );
    expect(total()).toHaveTextContent('$2,450 per traveller');

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(travellers).toHaveFocus();

    // The stepper stops at the seats left.
    await user.clear(travellers);
    await user.type(travellers, '4');
    expect(screen.getByRole('button', { name: 'Add a traveller' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    expect(travellers).toHaveValue(4);

    // A roomier date lifts the cap to the brand's twelve.
    await user.click(screen.getByRole('radio', { name: /Sat 13 Apr 2030/ }).closest('label')!);
    await user.clear(travellers);
    await user.type(travellers, '13');
    expect(travellers).toHaveAccessibleDescription(/^At most 12 travellers a booking\./);
    await user.clear(travellers);
    await user.type(travellers, '5');
    expect(travellers).not.toHaveAttribute('aria-invalid');
    expect(total()).toHaveTextContent('5 travellers × $2,450 = $12,250');

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ departureId: roomy.id, travellers: 5 }),
      expect.any(String),
    );
  });

  it('on a 409 shows the message by the button, reloads the seats and keeps everything typed', async () => {
    const conflict = { message: 'Only 2 seats are left on this departure.', seatsLeft: 2 };
    const onSubmit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(new ApiError('other', conflict.message, 409, {}, conflict))
      .mockImplementation(async (input) => booked(input));
    const { onBooked, user } = setup(onSubmit);
    await dates();
    await fill(user);
    await user.clear(screen.getByLabelText('Travellers'));
    await user.type(screen.getByLabelText('Travellers'), '3');
    // Someone else books two of the four seats meanwhile.
    answers = [json(200, { departures: [closed, soldOut, { ...fourLeft, seatsLeft: 2 }, roomy] })];

    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 seats are left on this departure.');
    expect(await screen.findByRole('radio', { name: 'Sat 30 Mar 2030, 2 seats left' })).toBeChecked();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Address')).toHaveValue('12 St James Square');
    expect(screen.getByLabelText('Phone')).toHaveValue('+44 20 7946 0000');
    expect(screen.getByLabelText('Travellers')).toHaveValue(3);
    expect(screen.getByLabelText('Travellers')).toHaveAccessibleDescription(
      /^Only 2 seats left on Sat 30 Mar 2030/,
    );

    // Two travellers fit: the same attempt goes through.
    await user.click(screen.getByRole('button', { name: 'Remove a traveller' }));
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ departureId: fourLeft.id, travellers: 2 });
  });

  it('after a 409 that sold the chosen date out, says so and asks for another date', async () => {
    const conflict = { message: 'This departure is sold out.', seatsLeft: 0 };
    const onSubmit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(new ApiError('other', conflict.message, 409, {}, conflict));
    const { user } = setup(onSubmit);
    await dates();
    await fill(user);
    answers = [json(200, { departures: [closed, soldOut, { ...fourLeft, seatsLeft: 0 }, roomy] })];
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(
      await screen.findByRole('radio', { name: 'Sat 30 Mar 2030, sold out · waiting list' }),
    ).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Departure' })).toHaveTextContent(
      'Sat 30 Mar 2030 is sold out now. Join its waiting list below, or choose another date.',
    );
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('when the dates cannot be loaded, offers Retry and still books without a date', async () => {
    answers = [
      json(503, { message: 'Departures are unavailable right now.' }),
      json(200, { departures: schedule }),
    ];
    const { onSubmit, user } = setup();
    expect(await screen.findByText('Departures are unavailable right now.')).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(total()).toHaveTextContent('1 traveller × $2,450 = $2,450');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).not.toHaveProperty('departureId');
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ travellers: 1, address: '12 St James Square' });

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radio', { name: /Sat 30 Mar 2030/ })).toBeChecked();
  });

  it('says so clearly when no date can be booked, and sends nothing', async () => {
    answers = [
      json(200, { departures: [closed, { ...closed, id: soldOut.id, startsOn: soldOut.startsOn }] }),
    ];
    const { onSubmit, user } = setup();
    expect(
      await screen.findByText(/Every date of this trip is sold out or closed right now\./),
    ).toBeInTheDocument();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('No departure of this trip can be booked right now');
  });
});

describe('BookingForm: the waiting list and the guarantee', () => {
  it('a full date offers "Join the waiting list" for the chosen party, and says when it is joined', async () => {
    const { onSubmit, onJoinWaitlist, user } = setup();
    await screen.findByRole('radiogroup', { name: 'Departure' });
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull();
    await user.click(
      screen.getByRole('radio', { name: 'Sat 16 Mar 2030, sold out · waiting list' }).closest('label')!,
    );
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    const soldOutNow =
      'Sat 16 Mar 2030 is sold out now. Join its waiting list below, or choose another date.';
    expect(screen.getByRole('radiogroup', { name: 'Departure' })).toHaveTextContent(soldOutNow);
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    await waitFor(() => expect(onJoinWaitlist).toHaveBeenCalledWith(soldOut.id, 2));
    expect(
      await screen.findByText(/We hold seats for your party of 2 on Sat 16 Mar 2030/),
    ).toBeInTheDocument();
    // Joined: the invitation to join is gone, not left beside the confirmation.
    expect(screen.getByRole('radiogroup', { name: 'Departure' })).not.toHaveTextContent(soldOutNow);
    expect(screen.getByRole('link', { name: 'My bookings' })).toHaveAttribute('href', '/bookings');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a party larger than the whole date is told the seats it has in all, not offered the list', async () => {
    answers = [json(200, { departures: [{ ...soldOut, capacity: 1 }, roomy] })];
    const { onJoinWaitlist, user } = setup();
    await user.click(
      (await screen.findByRole('radio', { name: 'Sat 16 Mar 2030, sold out · waiting list' })).closest(
        'label',
      )!,
    );
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a traveller' }));
    expect(screen.queryByRole('button', { name: 'Join the waiting list' })).toBeNull();
    expect(
      screen.getByText(
        'This date has 1 seat in all: a party of 2 cannot travel on it. Choose another date or fewer travellers.',
      ),
    ).toBeInTheDocument();
    expect(onJoinWaitlist).not.toHaveBeenCalled();
  });

  it('Book Now on a sold-out date says so under the button and moves to the waiting list', async () => {
    const { onSubmit, user } = setup();
    await user.click(
      (await screen.findByRole('radio', { name: 'Sat 16 Mar 2030, sold out · waiting list' })).closest(
        'label',
      )!,
    );
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Sat 16 Mar 2030 is sold out, so it cannot be booked. Join its waiting list, or choose another date.',
    );
    expect(alert).not.toHaveTextContent('highlighted');
    expect(screen.getByRole('button', { name: 'Join the waiting list' })).toHaveFocus();
    // Another date chosen: the refusal goes with the date's own message.
    await user.click(screen.getByRole('radio', { name: 'Sat 13 Apr 2030, 12 seats left' }).closest('label')!);
    expect(screen.getByRole('alert')).toHaveTextContent(/^$/);
  });

  it('joining again with another party size says the list kept the first one', async () => {
    // One live entry per traveller and date: the server answers the entry already there.
    const onJoin = vi.fn<Join>(async (id) => entryFor(id, 3));
    const { user } = setup(undefined, onJoin);
    await user.click(
      (await screen.findByRole('radio', { name: 'Sat 16 Mar 2030, sold out · waiting list' })).closest(
        'label',
      )!,
    );
    expect(
      screen.getByText(/Wait for a seat: when one comes free we hold it for you and email you\./),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText(/We hold seats for your party of 3 on Sat 16 Mar 2030/)).toHaveTextContent(
      'You were already on this list for 3 travellers: to wait for 1 instead, leave it in My bookings and join again.',
    );
  });

  it('a party larger than the seats left offers the waiting list too; a 409 is shown as it is', async () => {
    const refusal = {
      message: '4 seats are left on this departure: book them instead of waiting.',
      seatsLeft: 4,
    };
    const onJoin = vi
      .fn<Join>()
      .mockRejectedValueOnce(new ApiError('other', refusal.message, 409, {}, refusal));
    const { user } = setup(undefined, onJoin);
    await screen.findByRole('radiogroup', { name: 'Departure' });
    const party = screen.getByLabelText('Travellers');
    await user.clear(party);
    await user.type(party, '6');
    expect(
      screen.getByText(/Only 4 seats are left on Sat 30 Mar 2030\. Wait for 6 travellers together/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(onJoin).toHaveBeenCalledWith(fourLeft.id, 6);
  });

  it('says "Guaranteed departure" or how many more travellers guarantee the chosen date', async () => {
    answers = [
      json(200, {
        departures: [
          departure(fourLeft.id, fourLeft.startsOn, 4, 'open', { guaranteed: false, toGuarantee: 2 }),
          departure(roomy.id, roomy.startsOn, 12, 'open', { guaranteed: true, toGuarantee: 0 }),
        ],
      }),
    ];
    const { user } = setup();
    expect(await screen.findByText('2 more travellers to guarantee this date')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Sat 13 Apr 2030/ }).closest('label')!);
    expect(screen.getByText('Guaranteed departure')).toBeInTheDocument();
  });
});

// A reload of a server-rendered package page: the server knew no draft (it lives in the tab's
// sessionStorage), so the hydrating render must not read one, or React reports #418 and throws
// the server's HTML away. The draft still comes back, just after hydration.
describe('BookingForm hydrating a server-rendered page with a draft in the tab', () => {
  it('hydrates without a mismatch, then shows the draft', async () => {
    const { renderToString } = await import('react-dom/server');
    const { hydrateRoot } = await import('react-dom/client');
    const page = (
      <MemoryRouter>
        <BookingForm
          owner="uid-ada"
          packageId={packageId}
          price={2450}
          initial={initial}
          onSubmit={vi.fn<Submit>()}
          onBooked={vi.fn()}
        />
      </MemoryRouter>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    sessionStorage.setItem(
      `wayfarer:booking-draft:uid-ada:${packageId}`,
      JSON.stringify({
        values: { ...initial, address: '1 Harbour Row', phone: '' },
        travellers: '3',
        departureId: null,
      }),
    );
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(container, page, { onRecoverableError: recoverable }));
    try {
      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError.mock.calls.map((c) => String(c[0]).slice(0, 300))).toEqual([]);
      await waitFor(() => expect(within(container).getByLabelText('Travellers')).toHaveValue(3));
      expect(within(container).getByLabelText('Address')).toHaveValue('1 Harbour Row');
    } finally {
      consoleError.mockRestore();
      act(() => root.unmount());
      container.remove();
    }
  });
});
