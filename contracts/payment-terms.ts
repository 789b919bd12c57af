// A package's payment terms as staff type them in the catalogue editor (POST and PATCH
// /api/admin/packages), each rule with the message the form shows beside its field. The
// computation they feed is ./payment.ts. No path alias here: the server imports this file directly.
import * as z from 'zod/mini';
import type { CancellationFee } from './payment.js';

export const paymentTermLimits = {
  depositMax: 100,
  balanceDaysMax: 365,
  tiersMax: 6,
  tierDaysMax: 365,
} as const;

const whole = (message: string, min: number, max: number) =>
  z
    .number({ error: message })
    .check(z.refine(Number.isInteger, message), z.minimum(min, message), z.maximum(max, message));

export const depositPercentSchema = whole('The deposit must be a whole percent from 0 to 100.', 0, 100);
export const balanceDueDaysSchema = whole(
  'The balance must be due a whole number of days (0 to 365) before the departure.',
  0,
  365,
);

const tierSchema = z.object(
  {
    daysBefore: whole('Each fee needs a whole number of days before the departure, from 1 to 365.', 1, 365),
    percent: whole('Each fee is a whole percent from 0 to 100.', 0, 100),
  },
  { error: 'Each cancellation fee is {daysBefore, percent}.' },
);

// The problem with a list of tiers, or undefined: at most 6; days strictly decreasing and
// percents strictly increasing, so that a later cancellation never keeps less.
export function feeTiersProblem(tiers: CancellationFee[]): string | undefined {
  if (tiers.length > paymentTermLimits.tiersMax)
    return `At most ${paymentTermLimits.tiersMax} cancellation fees.`;
  for (let i = 1; i < tiers.length; i++) {
    if (tiers[i]!.daysBefore >= tiers[i - 1]!.daysBefore)
      return 'List the cancellation fees from the most days before the departure to the fewest.';
    if (tiers[i]!.percent <= tiers[i - 1]!.percent)
      return 'Each cancellation fee closer to the departure must keep a higher percent than the one before.';
  }
  return undefined;
}

export const cancellationFeesSchema = z
  .array(tierSchema, { error: 'The cancellation fees must be a list of {daysBefore, percent}.' })
  .check(
    z.superRefine((tiers, ctx) => {
      const message = feeTiersProblem(tiers);
      if (message) ctx.issues.push({ code: 'custom', message, input: tiers });
    }),
  );
