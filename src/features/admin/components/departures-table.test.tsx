import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DeparturesTable } from '~/features/admin/components/departures-table';
import { aDeparture, fakeFetch, json } from '~/features/admin/test/fake-api';
import type { AdminDeparture } from '#contracts/api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

const departure = aDeparture({ capacity: 12, seatsTaken: 5, seatsLeft: 7 });
const path = `/api/admin/departures/${departure.id}`;

function Schedule({ onChanged }: { onChanged: (d: AdminDeparture, m: string) => void }) {
  const [departures, setDepartures] = useState([
    departure,
    aDeparture({ id: 'past-1', startsOn: '2020-01-04' }),
  ]);
  return (
    <DeparturesTable
      packageName="Swiss Alpine Lakes"
      departures={departures}
      today="2027-01-01"
      onChanged={(d, m) => {
        setDepartures((all) => all.map((x) => (x.id === d.id ? d : x)));
        onChanged(d, m);
      }}
    />
  );
}

function renderSchedule(onChanged = vi.fn()) {
  const router = createMemoryRouter([{ path: '/', element: <Schedule onChanged={onChanged} /> }]);
  render(<RouterProvider router={router} />);
  return onChanged;
}

describe('departures schedule', () => {
  it('shows the 409 for a capacity below the seats taken beside the field, keeping the number typed', async () => {
    const user = userEvent.setup();
    const message = '5 seats are already taken on this departure: the capacity cannot be lower than 5.';
    const { calls } = fakeFetch({ [`PATCH ${path}`]: () => json(409, { message, seatsTaken: 5 }) });
    const onChanged = renderSchedule();

    await user.click(screen.getByRole('button', { name: 'Change capacity of Sat 12 Jun 2027' }));
    const field = screen.getByLabelText('Capacity of Sat 12 Jun 2027');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue(3);
    expect(calls[0]!.method).toBe('PATCH');
    expect(calls[0]!.body).toEqual({ capacity: 3 });
    expect(calls[0]!.headers.get('authorization')).toBe('Bearer operator-token');
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('saves a new capacity and shows it in the row', async () => {
    const user = userEvent.setup();
    fakeFetch({ [`PATCH ${path}`]: () => json(200, { ...departure, capacity: 16, seatsLeft: 11 }) });
    const onChanged = renderSchedule();
    await user.click(screen.getByRole('button', { name: 'Change capacity of Sat 12 Jun 2027' }));
    const field = screen.getByLabelText('Capacity of Sat 12 Jun 2027');
    await user.clear(field);
    await user.type(field, '16{Enter}');
    await waitFor(() => expect(screen.queryByLabelText('Capacity of Sat 12 Jun 2027')).toBeNull());
    expect(screen.getByRole('button', { name: 'Change capacity of Sat 12 Jun 2027' })).toHaveFocus();
    const row = screen.getByRole('row', { name: /Sat 12 Jun 2027/ });
    expect(within(row).getByText('16')).toBeInTheDocument();
    expect(within(row).getByText('11')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ capacity: 16 }),
      'Sat 12 Jun 2027: capacity is now 16 seats.',
    );
  });

  it('closes (after a confirmation) and reopens a departure; past ones cannot be changed', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      [`PATCH ${path}`]: ({ body }) => json(200, { ...departure, ...(body as object) }),
    });
    renderSchedule();
    await user.click(screen.getByRole('button', { name: 'Close Sat 12 Jun 2027' }));
    // Nothing is sent on one press: the row asks first, and "Keep open" changes nothing.
    const question = screen.getByRole('group', { name: 'Close Sat 12 Jun 2027?' });
    expect(within(question).getByRole('button', { name: 'Yes, close' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep open' }));
    expect(calls).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close Sat 12 Jun 2027' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Close Sat 12 Jun 2027' }));
    await user.click(screen.getByRole('button', { name: 'Yes, close' }));
    await screen.findByRole('button', { name: 'Reopen Sat 12 Jun 2027' });
    expect(calls[0]!.body).toEqual({ status: 'closed' });
    await user.click(screen.getByRole('button', { name: 'Reopen Sat 12 Jun 2027' }));
    await screen.findByRole('button', { name: 'Close Sat 12 Jun 2027' });
    expect(calls[1]!.body).toEqual({ status: 'open' });

    const past = screen.getByRole('row', { name: /Sat 4 Jan 2020/ });
    expect(within(past).queryByRole('button')).toBeNull();
    expect(within(past).getByRole('link', { name: 'Sat 4 Jan 2020' })).toHaveAttribute(
      'href',
      '/admin/departures/past-1',
    );
  });

  it('asks for a number when the capacity is left empty, without a call', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({});
    renderSchedule();
    await user.click(screen.getByRole('button', { name: 'Change capacity of Sat 12 Jun 2027' }));
    const field = screen.getByLabelText('Capacity of Sat 12 Jun 2027');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the number of seats.');
    expect(field).toHaveFocus();
    expect(calls).toHaveLength(0);
  });

  it('sets the meeting point and time, and Escape closes the editor without a call', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      [`PATCH ${path}`]: ({ body }) => json(200, { ...departure, ...(body as object) }),
    });
    const onChanged = renderSchedule();
    const open = () =>
      user.click(screen.getByRole('button', { name: 'Set meeting point and time of Sat 12 Jun 2027' }));

    await open();
    expect(screen.getByLabelText('Meeting point')).toHaveFocus();
    await user.type(screen.getByLabelText('Meeting point'), 'Old harbour{Escape}');
    expect(screen.queryByLabelText('Meeting point')).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Set meeting point and time of Sat 12 Jun 2027' }),
    ).toHaveFocus();
    expect(calls).toHaveLength(0);

    await open();
    await user.type(screen.getByLabelText('Meeting point'), '  Lucerne station  ');
    await user.type(screen.getByLabelText('Meeting time'), '08:30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByLabelText('Meeting point')).toBeNull());
    expect(calls[0]!.body).toEqual({ meetingPoint: 'Lucerne station', meetingTime: '08:30' });
    expect(onChanged).toHaveBeenCalledWith(
      expect.objectContaining({ meetingPoint: 'Lucerne station' }),
      'Sat 12 Jun 2027: travellers meet at 08:30, Lucerne station.',
    );
    expect(
      screen.getByRole('button', { name: 'Change meeting point and time of Sat 12 Jun 2027' }),
    ).toHaveFocus();
  });

  it('shows a refused meeting point beside its field and keeps what was typed', async () => {
    const user = userEvent.setup();
    fakeFetch({
      [`PATCH ${path}`]: () =>
        json(400, { message: 'Check the form.', fieldErrors: { meetingPoint: 'Too long.' } }),
    });
    const onChanged = renderSchedule();
    await user.click(screen.getByRole('button', { name: 'Set meeting point and time of Sat 12 Jun 2027' }));
    const point = screen.getByLabelText('Meeting point');
    await user.type(point, 'Pier 4{Enter}');
    await waitFor(() => expect(point).toHaveAccessibleDescription('Too long.'));
    expect(point).toHaveAttribute('aria-invalid', 'true');
    expect(point).toHaveValue('Pier 4');
    expect(point).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('shows a refusal without a field as an alert under the meeting editor', async () => {
    const user = userEvent.setup();
    fakeFetch({ [`PATCH ${path}`]: () => json(409, { message: 'This departure is closed.' }) });
    renderSchedule();
    await user.click(screen.getByRole('button', { name: 'Set meeting point and time of Sat 12 Jun 2027' }));
    await user.type(screen.getByLabelText('Meeting time'), '09:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This departure is closed.');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('marks a date at risk in words, and edits its decision date in the row', async () => {
    const user = userEvent.setup();
    const risky = aDeparture({
      id: 'risky-1',
      startsOn: '2027-02-01',
      minTravellers: 9,
      seatsTaken: 5,
      offered: 0,
      toGuarantee: 4,
      decideBy: '2027-01-07',
      atRisk: true,
    });
    const { calls } = fakeFetch({
      'PATCH /api/admin/departures/risky-1': () => json(200, { ...risky, decideBy: '2027-01-10' }),
    });
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <DeparturesTable
            packageName="Swiss Alpine Lakes"
            departures={[risky]}
            today="2027-01-01"
            onChanged={vi.fn()}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    const row = screen.getByRole('row', { name: /Mon 1 Feb 2027/ });
    expect(within(row).getByText('At risk')).toBeVisible();
    expect(row).toHaveTextContent('Decide by Thu 7 Jan: 4 more travellers needed, 6 days left');

    await user.click(within(row).getByRole('button', { name: 'Change decision date of Mon 1 Feb 2027' }));
    const field = screen.getByLabelText('Decide by, for Mon 1 Feb 2027');
    await user.clear(field);
    await user.type(field, '2027-02-02');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field).toHaveAccessibleDescription('The decision date cannot be after the departure.');
    expect(calls).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '2027-01-10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls[0]?.body).toEqual({ decideBy: '2027-01-10' }));
  });
});
