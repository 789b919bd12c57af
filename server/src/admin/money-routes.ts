// Staff record payments and refunds (POST /api/admin/bookings/{id}/payments: owners and operators,
// guides 403 by server/src/admin/access.ts), and the accountant's and the office's reads of the money (owners and operators, inside adminRoutes):
// GET /api/admin/money (the money screen: due in the next 30 days, overdue, refunds due, received
// in the last 7 days, and the overview's two money charts) and GET /api/admin/payments.csv (the
// ledger between two dates, streamed page by page like the bookings CSV).
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { centsDecimal } from '#contracts/money';
import { isIsoDate, todayIso, addDays } from '#contracts/iso-dates';
import {
  adminBookingSchema,
  ledgerConflictSchema,
  ledgerEntryRequestSchema,
  moneyScreenSchema,
  type MoneyScreen,
} from '#contracts/api';
import { operatorActor } from '../context/actors.js';
import { recordLedgerEntry } from '../payments/ledger.js';
import { offerContext, type OfferOptions } from '../seats/offer-context.js';
import { findAdminBooking } from './bookings-queries.js';
import type { AppContext } from '../context/app-context.js';
import type { Queryable } from '../db/database.js';
import { consoleSchema, errors, jsonBodyErrors, type ZodTypeProvider } from '../http/api-schemas.js';
import { bookingIdParams, consoleRead, csvAnswer, noStore, sendCsv } from '../http/route-parts.js';
import { fromDatabase, problem } from '../http/problem.js';
import { asText, csvBom, csvMoment, csvPages, csvRow } from './csv.js';
import { oneReadAtATime } from '../one-read-at-a-time.js';
import { stampSql } from './kept-reads.js';

import {
  balanceDueOnSql,
  balancePhaseSql,
  depositPhaseSql,
  dueNowCentsSql,
  paymentStateCaseSql,
  paymentStateSql,
  refundDueCentsSql,
  signedAmountSql,
  todaySql,
} from '../money/sql.js';
import { paymentSettings } from '../money/settings.js';

const listLimit = 100;

type DueRow = {
  id: string;
  reference: string;
  name: string;
  package_name: string;
  starts_on: string | null;
  state: string;
  amount_cents: string | number;
  due_on: string | null;
};

const dueRows = async (
  db: Queryable,
  from: string,
  where: string,
  amount: string,
  dueOn: string,
  order: string,
) =>
  (
    await db.query<DueRow>(
      `SELECT b.id, b.reference, b.name, b.package_name, to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on,
         ${amount} AS amount_cents, to_char(${dueOn}, 'YYYY-MM-DD') AS due_on,
         ${paymentStateCaseSql} AS state
       FROM ${from} LEFT JOIN departures d ON d.id = b.departure_id
       WHERE ${where} ORDER BY ${order} LIMIT ${listLimit}`,
    )
  ).rows.map((r) => ({
    bookingId: r.id,
    reference: r.reference,
    name: r.name,
    packageName: r.package_name,
    startsOn: r.starts_on,
    state: r.state as MoneyScreen['dueSoon'][number]['state'],
    amountCents: Number(r.amount_cents),
    dueOn: r.due_on,
  }));

// The date what is due now must be paid by: the deposit's deadline while the deposit is owed (its
// date in UTC), else the balance date. A booking owes one or the other (server/src/money/sql.ts's
// two phases), so a list by that date is two lists, each read in order from its own index
// (migration 65: bookings_deposit_owing by deadline, bookings_balance_owing by balance date), the
// first `listLimit` of each, then merged: never every booking still owing, sorted. The deposits
// are taken in their index's order, by deadline (whose date orders them the same way): by the
// date alone, the deadline's date is an expression no index holds, and every deposit of the
// range was read and sorted.
const depositDueOn = `(b.deposit_due_at AT TIME ZONE 'UTC')::date`;
const byDueDate = (deposit: string, balance: string) => `(
    (SELECT b.id, ${depositDueOn} AS due_on FROM bookings b WHERE ${depositPhaseSql} AND ${deposit}
      ORDER BY b.deposit_due_at, b.id LIMIT ${listLimit})
    UNION ALL
    (SELECT b.id, ${balanceDueOnSql} FROM bookings b WHERE ${balancePhaseSql} AND ${balance}
      ORDER BY 2, 1 LIMIT ${listLimit})
  ) due JOIN bookings b ON b.id = due.id`;

// Each part of the money screen, read on its own (npm run bench:data times each).
export const moneyReads = {
  // Due in the next 30 days, soonest first: a deposit whose deadline is ahead and within 30 days
  // (before the start of day 31, UTC), a balance whose date is today or within 30 days.
  dueSoon: (db: Queryable) =>
    dueRows(
      db,
      byDueDate(
        `b.deposit_due_at >= now() AND b.deposit_due_at < (${todaySql} + 31)::timestamp AT TIME ZONE 'UTC'`,
        `${balanceDueOnSql} BETWEEN ${todaySql} AND ${todaySql} + 30`,
      ),
      'true',
      dueNowCentsSql,
      'due.due_on',
      'due.due_on, b.id',
    ),
  // Past its date, oldest first: contracts/payment.ts's overdue, its deposit and balance halves.
  overdue: (db: Queryable) =>
    dueRows(
      db,
      byDueDate('b.deposit_due_at < now()', `${balanceDueOnSql} < ${todaySql}`),
      'true',
      dueNowCentsSql,
      'due.due_on',
      'due.due_on, b.id',
    ),
  refundsDue: (db: Queryable) =>
    dueRows(
      db,
      'bookings b',
      paymentStateSql['refund-due'],
      refundDueCentsSql,
      'b.updated_at',
      'b.updated_at, b.id',
    ),
  // The entries of the last 7 days, newest first.
  received: async (db: Queryable) =>
    (
      await db.query<{
        id: string;
        booking_id: string;
        reference: string;
        name: string;
        kind: 'payment' | 'refund';
        method: string;
        amount_cents: number;
        at: Date | string;
        staff: string | null;
      }>(
        `SELECT e.id, e.booking_id, b.reference, b.name, e.kind, e.method, e.amount_cents, e.at, e.staff
         FROM payment_entries e JOIN bookings b ON b.id = e.booking_id
         WHERE e.at >= now() - interval '7 days' ORDER BY e.at DESC, e.id DESC LIMIT ${listLimit}`,
      )
    ).rows.map((r) => ({
      id: r.id,
      bookingId: r.booking_id,
      reference: r.reference,
      name: r.name,
      kind: r.kind,
      method: r.method as MoneyScreen['received'][number]['method'],
      amountCents: r.amount_cents,
      at: new Date(r.at).toISOString(),
      staff: r.staff,
    })),
  // Received (payments - refunds) per week, the last 12 weeks, weeks starting Monday (UTC).
  receivedPerWeek: async (db: Queryable) =>
    (
      await db.query<{ week: string; cents: string | number }>(
        `SELECT to_char(w.week, 'YYYY-MM-DD') AS week, coalesce(sum(${signedAmountSql}), 0) AS cents
         FROM generate_series(date_trunc('week', now() AT TIME ZONE 'UTC') - interval '11 weeks',
                              date_trunc('week', now() AT TIME ZONE 'UTC'), interval '1 week') AS w(week)
         LEFT JOIN payment_entries e ON e.at >= w.week AT TIME ZONE 'UTC' AND e.at < (w.week + interval '1 week') AT TIME ZONE 'UTC'
         GROUP BY w.week ORDER BY w.week`,
      )
    ).rows.map((r) => ({ week: r.week, cents: Number(r.cents) })),
  // Still to be paid (active bookings' total - paid) per month of departure, the next 6 months.
  outstandingPerMonth: async (db: Queryable) =>
    (
      await db.query<{ month: string; cents: string | number }>(
        `SELECT to_char(m.month, 'YYYY-MM') AS month, coalesce(sum(greatest(0, b.total_cents - b.paid_cents)), 0) AS cents
         FROM generate_series(date_trunc('month', now() AT TIME ZONE 'UTC'),
                              date_trunc('month', now() AT TIME ZONE 'UTC') + interval '5 months', interval '1 month') AS m(month)
         LEFT JOIN departures d ON d.starts_on >= m.month AND d.starts_on < m.month + interval '1 month' AND d.starts_on >= ${todaySql}
         LEFT JOIN bookings b ON b.departure_id = d.id AND b.status IN ('requested', 'confirmed')
         GROUP BY m.month ORDER BY m.month`,
      )
    ).rows.map((r) => ({ month: r.month, cents: Number(r.cents) })),
};

export async function readMoneyScreen(db: Queryable): Promise<MoneyScreen> {
  const [dueSoon, overdue, refundsDue, received, receivedPerWeek, outstandingPerMonth] = await Promise.all([
    moneyReads.dueSoon(db),
    moneyReads.overdue(db),
    moneyReads.refundsDue(db),
    moneyReads.received(db),
    moneyReads.receivedPerWeek(db),
    moneyReads.outstandingPerMonth(db),
  ]);
  return {
    currency: paymentSettings.currency,
    dueSoon,
    overdue,
    refundsDue,
    received,
    receivedPerWeek,
    outstandingPerMonth,
  };
}

// How long a process serves the money screen it read while no audit row was written since.
const moneyFreshMs = 5_000;

// The money screen as a process keeps it between requests, by the overview's rule
// (docs/decisions/041-overview-charts.md): read again as soon as the newest audit row moves (every
// payment, refund, booking, change and cancellation writes one in its transaction: what an
// operator just recorded is on the screen they open next), and while it does not, again every
// 5 s in the background for what time alone changes (a deadline passing), serving what was read
// until the new read is done. Twenty operators with the screen open then cost one small
// statement a request over a million bookings, whose lists each read hundreds of rows.
export function moneyScreenReader(db: Queryable) {
  let kept: { key: string; at: number; screen: MoneyScreen } | undefined;
  const reads = oneReadAtATime<MoneyScreen>();
  const read = (key: string) =>
    reads.read(key, () =>
      readMoneyScreen(db).then((screen) => {
        kept = { key, at: Date.now(), screen };
        return screen;
      }),
    );
  return async (today: string): Promise<MoneyScreen> => {
    const { rows } = await db.query<{ stamp: string | null }>(stampSql);
    const key = `${today}|${rows[0]?.stamp ?? ''}`;
    if (kept?.key !== key) return read(key);
    if (Date.now() - kept.at > moneyFreshMs) read(key).catch(() => {});
    return kept.screen;
  };
}

type LedgerRow = {
  id: string;
  at: Date | string;
  position: string;
  reference: string;
  name: string;
  package_name: string;
  starts_on: string | null;
  kind: string;
  method: string;
  amount_cents: number;
  currency: string;
  provider_reference: string | null;
  staff: string | null;
};
type LedgerCursor = { at: string; id: string };

const ledgerHeader = [
  'at (UTC)',
  'reference',
  'traveller',
  'package',
  'departure',
  'kind',
  'method',
  'amount',
  'currency',
  'provider reference',
  'staff',
];

const ledgerCsvRow = (r: LedgerRow) =>
  csvRow([
    csvMoment(new Date(r.at).toISOString()),
    asText(r.reference),
    r.name,
    r.package_name,
    r.starts_on,
    r.kind,
    r.method,
    centsDecimal(r.amount_cents),
    r.currency,
    r.provider_reference,
    r.staff,
  ]);

const dateParam = (key: string) =>
  z.optional(
    z
      .string({ error: `Give ${key} once.` })
      .check(z.refine((v) => v === '' || isIsoDate(v), `${key} must be a date, YYYY-MM-DD.`)),
  );

// What the payment routes read of the app's context (docs/decisions/060-app-context.md).
export type AdminPaymentContext = Pick<AppContext, 'db' | 'onEmailQueued'> & OfferOptions;

export async function adminPaymentRoutes(app: FastifyInstance, options: AdminPaymentContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/admin/bookings/:id/payments',
    {
      bodyLimit: 4 * 1024,
      schema: consoleSchema({
        summary: 'Record a payment or a refund',
        description:
          'Integer cents. A payment above what is still owed, or a refund above what is paid, is 409 with allowedCents. Entries are never edited: undo one with an entry of the other kind.',
        params: bookingIdParams,
        body: ledgerEntryRequestSchema,
        response: {
          201: adminBookingSchema,
          409: ledgerConflictSchema,
          ...errors.notFound,
          ...jsonBodyErrors,
        },
      }),
    },
    async (request, reply) => {
      const outcome = await fromDatabase(() =>
        recordLedgerEntry(options.db, {
          bookingId: request.params.id,
          entry: request.body,
          staff: operatorActor(request),
          offers: offerContext(options),
        }),
      );
      if (outcome.kind === 'not-found') return problem(reply, 404, 'No such booking.');
      if (outcome.kind === 'too-much')
        return problem(reply, 409, outcome.message, { allowedCents: outcome.allowedCents });
      options.onEmailQueued?.();
      const booking = await fromDatabase(() => findAdminBooking(options.db, outcome.bookingId));
      if (!booking) return problem(reply, 404, 'No such booking.');
      return noStore(reply.code(201)).send(booking);
    },
  );
}

export type MoneyContext = Pick<AppContext, 'db' | 'exportPageSize' | 'today'>;

export async function moneyRoutes(app: FastifyInstance, options: MoneyContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reads = options.db.consoleReads;
  const pageSize = options.exportPageSize ?? 500;
  const today = options.today ?? (() => todayIso('UTC'));
  const readScreen = moneyScreenReader(reads);

  consoleRead(
    app,
    '/api/admin/money',
    {
      summary: 'The money screen: due in 30 days, overdue, refunds due, received in 7 days, and the charts',
      answer: moneyScreenSchema,
    },
    () => readScreen(today()),
  );

  api.get(
    '/api/admin/payments.csv',
    {
      schema: consoleSchema({
        summary: 'The ledger between two dates (inclusive, UTC) as CSV, oldest first',
        querystring: z.object({ from: dateParam('from'), to: dateParam('to') }),
        response: { ...csvAnswer('One row a ledger entry, with a header row.'), ...errors.badRequest },
      }),
    },
    async (request, reply) => {
      const from = request.query.from || '2000-01-01';
      const to = request.query.to || addDays(today(), 1);
      if (from > to) return problem(reply, 400, 'from must be on or before to.');
      const read = async (after?: LedgerCursor) => {
        const { rows } = await fromDatabase(() =>
          reads.query<LedgerRow>(
            `SELECT e.id, e.at, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS position,
               b.reference, b.name, b.package_name, to_char(d.starts_on, 'YYYY-MM-DD') AS starts_on,
               e.kind, e.method, e.amount_cents, e.currency, e.provider_reference, e.staff
             FROM payment_entries e JOIN bookings b ON b.id = e.booking_id LEFT JOIN departures d ON d.id = b.departure_id
             WHERE e.at >= $1::date AT TIME ZONE 'UTC' AND e.at < ($2::date + 1) AT TIME ZONE 'UTC'
               AND ($3::timestamptz IS NULL OR (e.at, e.id) > ($3::timestamptz, $4::uuid))
             ORDER BY e.at, e.id LIMIT ${pageSize + 1}`,
            [from, to, after?.at ?? null, after?.id ?? null],
          ),
        );
        const page = rows.slice(0, pageSize);
        const last = page.at(-1);
        return {
          rows: page,
          next: rows.length > pageSize && last ? { at: last.position, id: last.id } : null,
        };
      };
      const first = await read();
      const lines = csvPages(csvBom + csvRow(ledgerHeader), first, ledgerCsvRow, read);
      return sendCsv(
        reply,
        `wayfarer-payments-${from}-to-${to}.csv`,
        Readable.from(lines, { objectMode: false }),
      );
    },
  );
}
