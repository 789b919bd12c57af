import { describe, expect, it } from 'vitest';
import type { OverviewDeparture } from '#contracts/overview';
import { seatsSummary } from '~/features/admin/utils/overview-figures';

describe('the overview’s seats summary', () => {
  it('says "1 seat confirmed", not "1 seats confirmed"', () => {
    const one = {
      departureId: 'd1',
      packageName: 'Swiss Alpine Lakes',
      startsOn: '2027-01-10',
      capacity: 12,
      confirmed: 1,
      requested: 0,
      offered: 0,
      free: 11,
    } as unknown as OverviewDeparture;
    expect(seatsSummary([one], '2026-11-26', '2027-05-26')).toMatch(/: 1 seat confirmed, 0 requested/);
  });
});
