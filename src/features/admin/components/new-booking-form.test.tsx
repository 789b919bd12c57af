import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NewBookingForm } from '~/features/admin/components/new-booking-form';
import { aDeparture, fakeFetch, json, packagesJson } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

// The package and its one date, as an operator picks them.
async function chooseTrip(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: 'Swiss Alpine Lakes' });
  await user.selectOptions(await screen.findByRole('combobox', { name: /Package/ }), 'swiss-alpine-lakes');
  await user.selectOptions(await screen.findByRole('combobox', { name: /Date/ }), aDeparture().id);
}

// A filled form sent, and the server's 400 with these field errors.
async function sendRefused(fieldErrors: Record<string, string>) {
  const user = userEvent.setup();
  fakeFetch({
    'GET /packages.json': () => json(200, packagesJson),
    'GET /api/admin/departures': () => json(200, { departures: [aDeparture()], nextCursor: null }),
    'POST /api/admin/bookings': () =>
      json(400, { error: 'invalid', message: 'Please check the highlighted fields.', fieldErrors }),
  });
  renderForm();
  await chooseTrip(user);
  await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: /Address/ }), '1 Quay Street');
  await user.type(screen.getByRole('textbox', { name: /Phone/ }), '4755512345');
  await user.click(screen.getByRole('button', { name: 'Make the booking' }));
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/admin/bookings/new', element: <NewBookingForm /> },
      { path: '/admin/bookings/:id', element: <p>The booking</p> },
    ],
    { initialEntries: ['/admin/bookings/new'] },
  );
  render(<RouterProvider router={router} />);
}

describe('the staff booking form', () => {
  it('flags every empty field, the address included, in words for the operator, before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({ 'GET /packages.json': () => json(200, packagesJson) });
    renderForm();
    await screen.findByRole('option', { name: 'Swiss Alpine Lakes' });
    await user.clear(screen.getByRole('spinbutton', { name: /Travellers/ }));
    await user.click(screen.getByRole('button', { name: 'Make the booking' }));
    const pkg = screen.getByRole('combobox', { name: /Package/ });
    expect(pkg).toHaveAccessibleDescription(/Choose a package\./);
    expect(screen.getByRole('combobox', { name: /Date/ })).toHaveAccessibleDescription(/Choose a date\./);
    expect(screen.getByRole('spinbutton', { name: /Travellers/ })).toHaveAccessibleDescription(
      /Enter how many travel/,
    );
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(
      /Enter the traveller’s name\./,
    );
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      /Enter the traveller’s email\./,
    );
    expect(screen.getByRole('textbox', { name: /Address/ })).toHaveAccessibleDescription(
      /Enter the traveller’s address\./,
    );
    expect(screen.getByRole('textbox', { name: /Phone/ })).toHaveAccessibleDescription(
      /Enter the traveller’s phone number\./,
    );
    expect(screen.queryByText(/your/)).toBeNull();
    expect(pkg).toHaveFocus();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the chosen date’s price and the total for the party', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /packages.json': () => json(200, packagesJson),
      'GET /api/admin/departures': () =>
        json(200, { departures: [aDeparture({ price: 1390 })], nextCursor: null }),
    });
    renderForm();
    await chooseTrip(user);
    expect(screen.getByText(/\$1,390 a person/)).toHaveTextContent(
      '$1,390 a person · Total $2,780 for 2 travellers',
    );
    const travellers = screen.getByRole('spinbutton', { name: /Travellers/ });
    await user.clear(travellers);
    await user.type(travellers, '3');
    expect(screen.getByText(/\$1,390 a person/)).toHaveTextContent('Total $4,170 for 3 travellers');
  });

  it('words the server’s “Please enter your …” for the operator', async () => {
    await sendRefused({ address: 'Please enter your address.' });
    const address = screen.getByRole('textbox', { name: /Address/ });
    await waitFor(() => expect(address).toHaveAccessibleDescription('Enter the traveller’s address.'));
  });

  it('takes the operator to the first field the server refused, keeping what was typed', async () => {
    await sendRefused({ name: 'Please enter your name without control characters.' });
    const name = screen.getByRole('textbox', { name: /Name/ });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(/without control characters/);
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('textbox', { name: /Address/ })).toHaveValue('1 Quay Street');
  });

  it('marks a field over its length as it is typed, and sends nothing until it fits', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      'GET /packages.json': () => json(200, packagesJson),
      'GET /api/admin/departures': () => json(200, { departures: [aDeparture()], nextCursor: null }),
    });
    renderForm();
    await chooseTrip(user);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '4755512345');
    const address = screen.getByRole('textbox', { name: /Address/ });
    await user.click(address);
    await user.paste('x'.repeat(10_000));
    expect(address).toHaveAccessibleDescription('At most 300 characters: this is 9700 too many.');
    await user.click(screen.getByRole('button', { name: 'Make the booking' }));
    expect(address).toHaveFocus();
    expect(address).toHaveValue('x'.repeat(10_000));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
