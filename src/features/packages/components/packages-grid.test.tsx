import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PackagesGrid } from '~/features/packages/components/packages-grid';
import { resetPackagesCache } from '~/features/packages/hooks/use-packages';

const packages = [
  {
    id: 'alps',
    name: 'Alpine Lakes',
    description: 'A'.repeat(100) + 'BCDEFGHIJK' + 'tail that must not show',
    img: 'alps',
    price: 2450,
  },
  { id: 'sea', name: 'Sea & Sun', description: 'x'.repeat(200), img: 'santorini', price: 1890 },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderGrid(initial?: ((typeof packages)[number] & { fromPrice?: number })[]) {
  return render(
    <MemoryRouter>
      <PackagesGrid initial={initial} />
    </MemoryRouter>,
  );
}

afterEach(() => resetPackagesCache());

describe('PackagesGrid', () => {
  it('shows a loading state, then one card per package from GET /packages.json', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(packages));
    renderGrid();
    expect(screen.getByRole('status')).toHaveTextContent('Loading packages');

    const cards = await screen.findAllByRole('article');
    expect(fetchMock).toHaveBeenCalledWith('/packages.json', expect.anything());
    expect(cards).toHaveLength(2);

    const first = within(cards[0]!);
    expect(first.getByRole('heading', { name: 'Alpine Lakes' })).toBeInTheDocument();
    expect(first.getByText(`${'A'.repeat(100)}BCDEFGHIJK...`)).toBeInTheDocument();
    expect(cards[0]).not.toHaveTextContent('tail that must not show');
    expect(first.getByText('$2,450')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /Purchase/ })).toHaveAttribute('href', '/package/alps');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/img/alps-800.jpg');

    expect(within(cards[1]!).getByText(`${'x'.repeat(110)}...`)).toBeInTheDocument();
  });

  it('reads "from" the lowest upcoming price where the dates differ; one price stays one price', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ departures: [] }));
    renderGrid([{ ...packages[0]!, price: 1450, fromPrice: 1390 }, packages[1]!]);
    const [varied, single] = screen.getAllByRole('article');
    expect(varied).toHaveTextContent('Price: from $1,390 / person');
    expect(varied).not.toHaveTextContent('$1,450');
    // Today's text, untouched.
    expect(single).toHaveTextContent('Price: $1,890 / person');
    expect(single).not.toHaveTextContent('from');
  });

  it('says why when the packages cannot be loaded, and Retry loads them', async () => {
    const fetchMock = vi
      .spyOn(globalThis, 'fetch')
      // The cards' dates come after; no departures for them.
      .mockImplementation(async () => json({ departures: [] }))
      .mockResolvedValueOnce(json({ error: 'boom' }, 500))
      .mockResolvedValueOnce(json(packages));
    renderGrid();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The packages could not be loaded (HTTP 500).');
    expect(screen.queryAllByRole('article')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/packages.json')).toHaveLength(2);
  });

  it('shows the catalogue the page was prerendered with at once, without asking for /packages.json', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ departures: [] }));
    renderGrid(packages);
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByRole('heading', { name: 'Sea & Sun' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // The cards' dates still load; the catalogue is not asked for again.
    expect(await within(cards[1]!).findByText('Dates on request: call or write to us')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/packages.json');
  });

  it('treats a malformed file as an error, never as an empty grid', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json([{ id: 1 }]));
    renderGrid();
    expect(await screen.findByRole('alert')).toHaveTextContent('The packages could not be read.');
  });

  it('names each package’s next open dates, loaded after the page (the space is kept meanwhile)', async () => {
    const departures: Record<string, unknown[]> = {
      alps: [
        { id: 'd1', packageId: 'alps', startsOn: '2030-03-02', capacity: 12, seatsLeft: 0, status: 'open' },
        { id: 'd2', packageId: 'alps', startsOn: '2030-03-16', capacity: 12, seatsLeft: 4, status: 'closed' },
        { id: 'd3', packageId: 'alps', startsOn: '2030-03-30', capacity: 12, seatsLeft: 4, status: 'open' },
        { id: 'd4', packageId: 'alps', startsOn: '2030-04-13', capacity: 12, seatsLeft: 12, status: 'open' },
        { id: 'd5', packageId: 'alps', startsOn: '2030-04-27', capacity: 12, seatsLeft: 12, status: 'open' },
      ],
      sea: [],
    };
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/packages.json') return json(packages);
      const id = /^\/api\/packages\/([^/]+)\/departures$/.exec(url)?.[1];
      return id ? json({ departures: departures[id] }) : json({ message: 'No' }, 404);
    });
    renderGrid();
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText('Next departures')).toBeInTheDocument();
    const dates = await within(cards[0]!).findAllByRole('listitem');
    // Sold out and closed dates are skipped; two dates at most.
    expect(dates.map((d) => d.textContent)).toEqual(['Sat 30 Mar 2030', 'Sat 13 Apr 2030']);
    expect(await within(cards[1]!).findByText('Dates on request: call or write to us')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/packages/alps/departures', expect.anything());
  });
});
