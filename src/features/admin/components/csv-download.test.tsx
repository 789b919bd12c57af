import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CsvDownload } from '~/features/admin/components/csv-download';
import { fakeFetch, json } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

describe('CSV download', () => {
  it('fetches the file with the token and the current filters, then saves it as a download', async () => {
    const user = userEvent.setup();
    const csv = 'reference,name\nWT-7K2M9QXA,Anna\n';
    const { calls } = fakeFetch({
      'GET /api/admin/bookings.csv': () =>
        new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:wayfarer/csv-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    render(
      <CsvDownload
        filters={{
          status: 'confirmed',
          packageId: 'swiss-alpine-lakes',
          q: 'anna',
          limit: 25,
          cursor: 'abc',
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    const request = calls[0]!;
    expect(request.url.pathname).toBe('/api/admin/bookings.csv');
    // The filters, without the page: the export is every matching booking.
    expect(Object.fromEntries(request.url.searchParams)).toEqual({
      status: 'confirmed',
      packageId: 'swiss-alpine-lakes',
      q: 'anna',
    });
    expect(request.headers.get('authorization')).toBe('Bearer operator-token');
    expect(request.headers.get('accept')).toBe('text/csv');

    const blob = createObjectURL.mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe(csv);
    expect(clicked[0]!.href).toBe('blob:wayfarer/csv-1');
    expect(clicked[0]!.download).toMatch(/^wayfarer-bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    // The temporary link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('says why when the server refuses, and saves nothing', async () => {
    const user = userEvent.setup();
    fakeFetch({
      'GET /api/admin/bookings.csv': () => json(503, { message: 'The database did not answer.' }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    render(<CsvDownload filters={{}} />);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The database did not answer.');
    expect(click).not.toHaveBeenCalled();
  });
});
