import { defaultDepositDueHours } from '#contracts/payment';
import { hasControlChars } from '#contracts/text';
import { defaultPaymentInstructions } from './money/settings.js';
import { isIP } from 'node:net';
import { z } from 'zod';
import { defaultCancellationCutoffDays } from '#contracts/booking';
import { brand } from '#contracts/brand';
import { defaultDetailsCutoffDays } from '#contracts/guests';
import { userLimitDefaults } from './http/limits.js';
import { defaultDecisionDays, defaultMoveOfferHours } from '#contracts/departure-risk';
import { defaultInvitesPerDay } from './guest-links/invite-limits.js';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

// proxy-addr's names for address ranges, accepted in TRUST_PROXY like addresses.
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrCidr = (entry: string) => {
  if (proxyRangeNames.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n >= 0 && n <= (family === 4 ? 32 : 128);
};

// Unset: trust no proxy (X-Forwarded-For is ignored). A number: that many proxy hops in front.
// Otherwise a comma-separated list of proxy addresses or CIDRs.
const trustProxy = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): false | number | string => {
      if (value === undefined) return false;
      const trimmed = value.trim();
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      const entries = trimmed.split(',').map((e) => e.trim());
      const bad = entries.filter((e) => !isAddressOrCidr(e));
      if (bad.length > 0 || entries.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be a hop count or a comma-separated list of proxy addresses/CIDRs (not understood: ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries.join(',');
    }),
);

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // Unset: every interface, except in emulator mode (below), where it is 127.0.0.1.
  HOST: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_ORIGIN: z.preprocess(emptyToUndefined, z.url().optional()),
  // A PostgreSQL server; without it, bookings live in embedded PGlite under DATA_DIR.
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
  ),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  // Booking batches of one process in PostgreSQL at once (server/src/bookings/repository.ts).
  BOOKING_BATCH_LANES: z.coerce.number().int().min(1).max(16).default(1),
  // Booking writes per signed-in user and minute.
  BOOKING_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  // API requests without a valid token, per client address and minute (server/src/public-limit.ts).
  PUBLIC_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  // Per user and minute: signed-in API reads, server-rendered pages with a session cookie, session
  // cookies made; and session cookie requests per client address (server/src/http/limits.ts).
  READ_RATE_LIMIT: z.coerce.number().int().min(1).default(userLimitDefaults.readsPerMinute),
  PAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(userLimitDefaults.pagesPerMinute),
  SESSION_RATE_LIMIT: z.coerce.number().int().min(1).default(userLimitDefaults.sessionsPerMinute),
  SESSION_ADDRESS_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(userLimitDefaults.sessionsPerAddressPerMinute),
  // Seats one user may hold in bookings awaiting confirmation (server/src/bookings/held-seats.ts).
  MAX_HELD_SEATS_PER_USER: z.coerce.number().int().min(1).max(2_000_000_000).default(24),
  // Live waiting-list entries (waiting or offered) one user may have (server/src/waitlist/repository.ts).
  MAX_WAITING_ENTRIES_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  // Invitations to fill in one's own details an account may send a day, across all its bookings
  // (server/src/guest-links/repository.ts): emails to addresses it types, so not a mail relay.
  INVITES_PER_DAY: z.coerce.number().int().min(1).max(1000).default(defaultInvitesPerDay),
  // Sent emails' content (the outbox payload) is purged this many days after sending.
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TRUST_PROXY: trustProxy,
  // Shared rate limits across processes; in memory (per process) when unset.
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  // Travellers may cancel online until this many days before the departure.
  CANCELLATION_CUTOFF_DAYS: z.coerce.number().int().min(0).max(365).default(defaultCancellationCutoffDays),
  // How long a waiting-list offer holds its seats for the party it was made to.
  WAITLIST_OFFER_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  // A departure's go/no-go date (decideBy) is this many days before it, unless the operator sets one.
  DECISION_DAYS: z.coerce.number().int().min(0).max(365).default(defaultDecisionDays),
  // How long the brand's offer of another date (a moved departure) holds the party's seats there.
  MOVE_OFFER_HOURS: z.coerce.number().int().min(1).max(720).default(defaultMoveOfferHours),
  // How often each process lapses offers whose deadline passed (and passes their seats on).
  WAITLIST_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Travellers may change their travellers' details online until this many days before the departure.
  DETAILS_CUTOFF_DAYS: z.coerce.number().int().min(0).max(365).default(defaultDetailsCutoffDays),
  // Days after a departure until its travellers' sensitive details are erased (names and check-in stay).
  RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Outgoing mail. Unset: `npm start` runs MailDev on 127.0.0.1:1025 and sets it.
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  // How long a worker holds an email it is sending; a crashed worker's emails go out again after it.
  // The zone deadlines are shown in, named (contracts/format.ts formatDeadline): the brand's city's
  // by default, the one the site's pages use (contracts/brand.ts).
  BRAND_TIME_ZONE: z
    .string()
    .refine(
      (zone) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be an IANA time zone such as America/Los_Angeles' },
    )
    .default(brand.timeZone),
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(120),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        'must be an address, like "Wayfarer Tours <hello@example.com>"',
      )
      .optional(),
  ),
  // Where the brand hears of each new request and each traveller's cancellation or change.
  OPERATIONS_EMAIL: z.preprocess(
    emptyToUndefined,
    z.email({ error: 'must be an email address' }).default(brand.email),
  ),
  // Reminders: "Traveller details needed" and "Your trip is coming up", this many days before the
  // departure; the scheduler looks for due ones every REMINDER_INTERVAL_SECONDS in every process.
  DETAILS_REMINDER_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRIP_REMINDER_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  // Money (contract v5, server/src/payments): the currency every amount is in (ISO 4217), how long
  // a new booking's deposit may wait, whether paying it confirms a requested booking, and how to
  // pay (the brand's bank details; every email and page that asks for money shows them with the
  // booking's reference).
  BRAND_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD or EUR')
    .default('USD'),
  DEPOSIT_DUE_HOURS: z.coerce.number().int().min(1).max(8760).default(defaultDepositDueHours),
  CONFIRM_ON_DEPOSIT: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
  PAYMENT_INSTRUCTIONS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .max(1000, 'must be at most 1,000 characters')
      .refine((v) => !hasControlChars(v, { multiline: true }), 'must not contain control characters')
      .default(defaultPaymentInstructions),
  ),
  // manual: staff record every payment; stripe: travellers pay by card through Stripe Checkout
  // (server/src/payments/stripe-routes.ts), with both keys below required. The keys' values are
  // never echoed: a bad one is named, never shown.
  PAYMENT_PROVIDER: z.enum(['manual', 'stripe'], { error: 'must be manual or stripe' }).default('manual'),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,250}$/, 'must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,250}$/, 'must be a webhook signing secret (whsec_...)')
      .optional(),
  ),
  // Where the Stripe SDK sends its requests, for tests and the benchmark only (a fake Stripe on
  // this machine): http on a loopback address, or https anywhere. Unset: Stripe's own API.
  STRIPE_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ error: 'must be a URL such as http://127.0.0.1:12111' })
      .refine((v) => {
        const u = new URL(v);
        return u.protocol === 'https:' || (u.protocol === 'http:' && isLoopbackHost(u.hostname));
      }, 'must be https, or http on a loopback address')
      .optional(),
  ),
  // How long a verified ID token is trusted without asking the identity provider again (0: never).
  TOKEN_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // Emails a day to an account's address while the account has not verified it (mail/outbox.ts).
  UNVERIFIED_EMAILS_PER_DAY: z.coerce.number().int().min(0).max(100).default(3),
  // The built site; tests point it at a minimal one.
  CLIENT_DIR: z.string().min(1).default('build/client'),
  // Set by `npm start` when it runs the Auth Emulator.
  FIREBASE_AUTH_EMULATOR_HOST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w.-]+:\d+$/, 'must be host:port')
      .optional(),
  ),
  GCLOUD_PROJECT: z.preprocess(emptyToUndefined, z.string().optional()),
});

export type ServerEnv = z.infer<typeof schema>;

// Addresses that only this machine can reach.
export const isLoopbackHost = (host: string) => {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
};

// Where the server listens. In emulator mode firebase-admin accepts unsigned tokens carrying any
// claims (anyone who can reach the port can call themselves an operator), so the server listens
// on the loopback address only; crossChecks refuses any other HOST in that mode.
export const listenHost = (env: ServerEnv) =>
  env.HOST ?? (env.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : '0.0.0.0');

// Every rule that spans several variables, named like the single ones.
const crossChecks = (env: ServerEnv): string[] => {
  const problems: string[] = [];
  if (env.SMTP_URL && !env.MAIL_FROM) problems.push('  MAIL_FROM: required when SMTP_URL is set');
  if (env.PAYMENT_PROVIDER === 'stripe') {
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[name]) problems.push(`  ${name}: required when PAYMENT_PROVIDER is stripe`);
    }
  }
  if (env.FIREBASE_AUTH_EMULATOR_HOST && env.HOST && !isLoopbackHost(env.HOST)) {
    problems.push(
      `  HOST: must be a loopback address (127.0.0.1, ::1 or localhost) with FIREBASE_AUTH_EMULATOR_HOST set, not "${env.HOST}": the Auth Emulator accepts unsigned tokens, so anyone who could reach the server could sign in as anyone, operators included. Configure a real Firebase project (VITE_FIREBASE_*) to serve other machines.`,
    );
  }
  return problems;
};

// Read once at start; every bad variable is named, then the process stops.
export function loadServerEnv(source: NodeJS.ProcessEnv = process.env): ServerEnv {
  const result = schema.safeParse(source);
  const lines = result.success
    ? crossChecks(result.data)
    : result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (!result.success || lines.length > 0) {
    throw new Error(`Invalid server environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
