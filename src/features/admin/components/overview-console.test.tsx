import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Overview, OverviewDeparture } from '#contracts/overview';
import { OverviewConsole } from '~/features/admin/components/overview-console';
import { fakeFetch, json } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

const departure = (over: Partial<OverviewDeparture>): OverviewDeparture => ({
  id: 'd0000000-0000-4000-8000-000000000001',
  packageId: 'swiss-alpine-lakes',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2027-01-10',
  status: 'open',
  capacity: 12,
  confirmed: 0,
  requested: 0,
  offered: 0,
  free: 12,
  waiting: 0,
  minTravellers: 0,
  toGuarantee: 0,
  decideBy: '2026-12-11',
  atRisk: false,
  ...over,
});

const risky = departure({
  id: 'd0000000-0000-4000-8000-000000000002',
  packageId: 'tromso-northern-lights',
  packageName: 'Tromsø Northern Lights',
  startsOn: '2027-01-05',
  capacity: 10,
  confirmed: 3,
  requested: 2,
  offered: 2,
  free: 3,
  waiting: 4,
  minTravellers: 8,
  toGuarantee: 3,
  decideBy: '2026-12-06',
  atRisk: true,
});
const full = departure({ confirmed: 9, requested: 3, free: 0 });

const weeks = Array.from({ length: 12 }, (_, i) => ({
  weekStart: new Date(Date.UTC(2026, 8, 7 + 7 * i)).toISOString().slice(0, 10),
  bookings: i === 11 ? 5 : i === 3 ? 9 : 0,
  travellers: i === 11 ? 11 : i === 3 ? 20 : 0,
}));

const overview: Overview = {
  from: '2026-11-26',
  to: '2027-05-26',
  departures: [risky, full],
  weeks,
};

function renderOverview(answer: Overview = overview) {
  fakeFetch({ 'GET /api/admin/overview': () => json(200, answer) });
  const router = createMemoryRouter([{ path: '/admin', element: <OverviewConsole /> }], {
    initialEntries: ['/admin'],
  });
  render(<RouterProvider router={router} />);
}

describe('the overview', () => {
  it('draws each chart as a figure named by its title, described in words, with SVG drawing', async () => {
    renderOverview();
    const seats = await screen.findByRole('figure', { name: 'Seats per departure' });
    expect(seats).toHaveTextContent(
      '2 departures from Thu 26 Nov 2026 to Wed 26 May 2027: 12 seats confirmed, 5 requested, 2 offered and 3 free, of 22. Fullest: Swiss Alpine Lakes on Sun 10 Jan 2027, 12 of 12 taken. Emptiest: Tromsø Northern Lights on Tue 5 Jan 2027, 7 of 10 taken.',
    );
    // The drawing is an image whose name is the title and the summary.
    const drawing = within(seats).getByRole('img');
    expect(drawing).toHaveAccessibleName(/^Seats per departure 2 departures from/);
    expect(seats.querySelectorAll('svg rect').length).toBeGreaterThan(4);
    // The legend says what each texture is, with the totals.
    const legend = within(seats).getByRole('list', { name: 'Legend' });
    expect(legend).toHaveTextContent('Confirmed 12Requested 5Offered 2Free 3');
    // The date at risk says so in words on its bar, not only by colour.
    expect(within(seats).getByText('At risk')).toBeInTheDocument();

    const perWeek = screen.getByRole('figure', { name: 'Bookings received per week' });
    expect(perWeek).toHaveTextContent(
      '14 bookings (31 travellers) in the last 12 weeks. Busiest: the week of Mon 28 Sep 2026, with 9 bookings. This week so far: 5; last week: 0.',
    );
    expect(within(perWeek).getByRole('img')).toHaveAccessibleName(/^Bookings received per week 14 bookings/);
    expect(perWeek.querySelectorAll('circle')).toHaveLength(12);

    const waiting = screen.getByRole('figure', { name: 'Waiting demand' });
    expect(waiting).toHaveTextContent(
      '4 travellers waiting for seats on 1 departure. Most on Tromsø Northern Lights, Tue 5 Jan 2027: 4 waiting, 3 seats free.',
    );
  });

  it('shows each chart’s figures as a table behind a toggle', async () => {
    const user = userEvent.setup();
    renderOverview();
    const seats = await screen.findByRole('figure', { name: 'Seats per departure' });
    const toggle = within(seats).getByRole('button', { name: 'Show the table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(seats).queryByRole('table')).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Hide the table');
    const table = within(seats).getByRole('table', { name: /Seats per departure/ });
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(table);
    const row = within(table).getByRole('row', { name: /Tue 5 Jan 2027/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Tromsø Northern Lights', '3', '2', '2', '3', '10', '4', '8', 'Yes: 3 travellers short']);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(seats).queryByRole('table')).toBeNull();

    const perWeek = screen.getByRole('figure', { name: 'Bookings received per week' });
    await user.click(within(perWeek).getByRole('button', { name: 'Show the table' }));
    const weekly = within(perWeek).getByRole('table');
    expect(within(weekly).getAllByRole('row')).toHaveLength(13);
    expect(within(weekly).getByRole('row', { name: /Mon 23 Nov 2026/ })).toHaveTextContent('511');
  });

  it('lists the departures at risk with the travellers still needed and the days left to decide', async () => {
    renderOverview();
    const section = await screen.findByRole('region', { name: 'Departures at risk' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent(
      'Tromsø Northern Lights, Tue 5 Jan 2027Needs 3 more travellers (5 of 8 booked, 7 of 10 seats taken).Decide by Sun 6 Dec 2026: in 10 days.',
    );
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/admin/departures/${risky.id}`);
  });

  it('says so when nothing is at risk and nobody waits', async () => {
    renderOverview({ ...overview, departures: [full] });
    expect(await screen.findByText(/None: every date with a minimum has reached it/)).toBeInTheDocument();
    const waiting = screen.getByRole('figure', { name: 'Waiting demand' });
    expect(waiting).toHaveTextContent('Nobody is waiting for a seat in the next six months.');
    expect(within(waiting).queryByRole('img')).toBeNull();
  });
});
