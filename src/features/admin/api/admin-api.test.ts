import { afterEach, describe, expect, it, vi } from 'vitest';
import { listDepartures } from '~/features/admin/api/admin-api';
import { aDeparture, fakeFetch, json } from '~/features/admin/test/fake-api';

vi.mock('~/lib/auth', () => ({ getIdToken: async () => 'operator-token', authErrorCode: () => undefined }));

afterEach(() => vi.restoreAllMocks());

describe('listDepartures', () => {
  it("follows the API's pages to the last, asking each with the cursor the one before gave", async () => {
    const dates = ['2027-06-01', '2027-06-08', '2027-06-15'];
    const [first, second, third] = dates.map((startsOn, i) =>
      aDeparture({ id: `1111111${i}-1111-4111-8111-111111111111`, startsOn }),
    );
    const { calls } = fakeFetch({
      'GET /api/admin/departures': ({ url }) => {
        const cursor = url.searchParams.get('cursor');
        if (cursor === null) return json(200, { departures: [first, second], nextCursor: 'page-2' });
        if (cursor === 'page-2') return json(200, { departures: [third], nextCursor: null });
        return json(400, { message: 'This cursor is not valid: start again from the first page.' });
      },
    });
    const all = await listDepartures('swiss-alpine-lakes');
    expect(all.map((d) => d.startsOn)).toEqual(dates);
    expect(calls.map((c) => c.url.searchParams.get('packageId'))).toEqual([
      'swiss-alpine-lakes',
      'swiss-alpine-lakes',
    ]);
    expect(calls.map((c) => c.url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });
});
