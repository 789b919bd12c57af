import { describe, expect, it } from 'vitest';
import { decideByProblem, defaultDecideBy, isAtRisk, riskSummary } from './departure-risk';

const today = '2027-03-01';

describe('isAtRisk', () => {
  it('needs a minimum not met and a decision date within 14 days or past', () => {
    const d = { minTravellers: 6, booked: 2, decideBy: '2027-03-15' };
    expect(isAtRisk(d, today)).toBe(true);
    expect(isAtRisk({ ...d, decideBy: '2027-03-16' }, today)).toBe(false);
    expect(isAtRisk({ ...d, decideBy: '2027-02-01' }, today)).toBe(true);
    expect(isAtRisk({ ...d, booked: 6 }, today)).toBe(false);
    expect(isAtRisk({ ...d, minTravellers: 0 }, today)).toBe(false);
  });

  it('says what is missing and how long is left', () => {
    expect(riskSummary({ minTravellers: 6, booked: 2, decideBy: '2027-03-07' }, today)).toBe(
      '4 more travellers needed, 6 days left',
    );
    expect(riskSummary({ minTravellers: 3, booked: 2, decideBy: today }, today)).toBe(
      '1 more traveller needed, decide today',
    );
    expect(riskSummary({ minTravellers: 3, booked: 0, decideBy: '2027-02-27' }, today)).toBe(
      '3 more travellers needed, 2 days overdue',
    );
  });
});

describe('decideBy', () => {
  it('defaults to DECISION_DAYS before the date and is never after it', () => {
    expect(defaultDecideBy('2027-03-31')).toBe('2027-03-01');
    expect(defaultDecideBy('2027-03-31', 7)).toBe('2027-03-24');
    expect(decideByProblem('2027-03-31', '2027-03-31')).toBeUndefined();
    expect(decideByProblem('2027-04-01', '2027-03-31')).toBe(
      'The decision date cannot be after the departure.',
    );
    expect(decideByProblem('2027-02-30', '2027-03-31')).toBe('Enter a real date (YYYY-MM-DD).');
  });
});
