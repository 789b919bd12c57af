import { describe, expect, it } from 'vitest';
import { isAtRisk } from '#contracts/departure-risk';
import type { OverviewDeparture } from '#contracts/overview';
import { seatsSummary } from '~/features/admin/utils/overview-figures';

const departure = (over: Partial<OverviewDeparture>): OverviewDeparture => ({
  id: 'd1',
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

// A date closed by a move keeps its parties' seats until they answer: it is not the fullest date,
// and never at risk.
describe('a closed departure on the overview', () => {
  it('is left out of the fullest and the emptiest', () => {
    const closed = departure({ id: 'd2', packageName: 'Tromsø', status: 'closed', confirmed: 12, free: 0 });
    const half = departure({ id: 'd3', packageName: 'Kyoto', confirmed: 6, free: 6 });
    const quiet = departure({ id: 'd4', packageName: 'Sahara', confirmed: 1, free: 11 });
    const text = seatsSummary([closed, half, quiet], '2026-12-04', '2027-06-04');
    expect(text).toContain('Fullest: Kyoto');
    expect(text).toContain('Emptiest: Sahara');
    expect(text).not.toContain('Fullest: Tromsø');
  });

  it('is never at risk', () => {
    const risky = { minTravellers: 8, booked: 2, decideBy: '2026-12-05' };
    expect(isAtRisk(risky, '2026-12-04')).toBe(true);
    expect(isAtRisk({ ...risky, status: 'closed' }, '2026-12-04')).toBe(false);
  });
});

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
