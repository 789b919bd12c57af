import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parsePublicEnv, usesRealFirebase } from '#contracts/public-env';
import { buildApp } from './app.js';
import { firebaseSessions } from './auth/sessions.js';
import { firebaseStaffDirectory } from './auth/staff-directory.js';
import { firebaseTokenVerifier } from './auth/verify-token.js';
import { seedCatalogue } from './catalog/seed.js';
import { openCatalogue } from './catalog/store.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrations.js';
import { firebaseIdentityDeleter } from './me/routes.js';
import { startOutboxRetention } from './me/repository.js';
import { startImagePurge } from './catalog/image-purge.js';
import { startSearchIndexFlush } from './admin/search-index.js';
import { startPgliteAnalyze } from './db/pglite-analyze.js';
import { todayIso } from '#contracts/iso-dates';
import { seedDepartures } from './departures/repository.js';
import { listenHost, loadServerEnv } from './env.js';
import { startRetentionScheduler } from './guests/retention.js';
import { createMailTransport, describeSmtpUrl } from './mail/transport.js';
import { setUnverifiedEmailsPerDay } from './mail/outbox.js';
import { configurePayments } from './money/settings.js';
import { startMoneyScheduler } from './payments/jobs.js';
import { createStripeProvider } from './payments/stripe-client.js';
import { startCardRefunds } from './payments/stripe-refunds.js';
import { startOutboxWorker, type OutboxWorker } from './mail/worker.js';
import { loadPageRenderer } from './pages/render.js';
import { connectRedis } from './redis.js';
import { startOfferExpiry } from './waitlist/expiry.js';
import { expireMoveOffers } from './moves/repository.js';
import { guestDetailsIncomplete, startReminderScheduler } from './reminders/reminders.js';
import { plural } from '#contracts/format';
import type { OutageLogger } from './outage-log.js';
import { packageNamer } from './context/app-context.js';
import type { OfferContext } from './seats/offer-freed-seats.js';

const env = loadServerEnv();
setUnverifiedEmailsPerDay(env.UNVERIFIED_EMAILS_PER_DAY);
configurePayments({
  currency: env.BRAND_CURRENCY,
  depositDueHours: env.DEPOSIT_DUE_HOURS,
  confirmOnDeposit: env.CONFIRM_ON_DEPOSIT,
  instructions: env.PAYMENT_INSTRUCTIONS,
  provider: env.PAYMENT_PROVIDER,
});
// PAYMENT_PROVIDER=stripe: both keys are there (loadServerEnv stops naming a missing one).
const stripe =
  env.PAYMENT_PROVIDER === 'stripe'
    ? createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        siteUrl: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}`,
        apiUrl: env.STRIPE_API_URL,
      })
    : undefined;
const publicEnv = parsePublicEnv(process.env);
const realFirebase = usesRealFirebase(publicEnv);
const projectId = realFirebase ? publicEnv.VITE_FIREBASE_PROJECT_ID! : (env.GCLOUD_PROJECT ?? 'demo-travel');

// firebase-admin skips signature checks when FIREBASE_AUTH_EMULATOR_HOST is set: never allow
// that for a real project, whatever the environment says.
if (env.FIREBASE_AUTH_EMULATOR_HOST && !projectId.startsWith('demo-')) {
  throw new Error(
    `FIREBASE_AUTH_EMULATOR_HOST is set for the real project "${projectId}": refusing to start.`,
  );
}
if (!env.FIREBASE_AUTH_EMULATOR_HOST && !realFirebase) {
  throw new Error(
    'No Firebase project configured and no FIREBASE_AUTH_EMULATOR_HOST: run "npm start", which starts the emulator.',
  );
}

const emulatorOrigin = `http://${publicEnv.VITE_FIREBASE_AUTH_EMULATOR_HOST}`;
const csp = realFirebase
  ? {
      authConnect: ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'],
      authFrames: [`https://${publicEnv.VITE_FIREBASE_AUTH_DOMAIN}`],
    }
  : { authConnect: [emulatorOrigin], authFrames: [emulatorOrigin] };

const root = fileURLToPath(new URL('../..', import.meta.url));
// Relative paths are taken from the project folder, absolute ones as they are.
const clientDir = resolve(root, env.CLIENT_DIR);
const dataDir = resolve(root, env.DATA_DIR);

const db = await openDatabase(
  env.DATABASE_URL
    ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
    : { dataDir: join(dataDir, 'pglite') },
);
const applied = await migrate(db);
// The first start of this version fills the catalogue from packages.json, once (catalog/seed.ts).
const seededPackages = await seedCatalogue(db, join(clientDir, 'packages.json'), join(clientDir, 'img'));
// The app's logger exists only once the app is built, with this catalogue (until then a failed
// reload goes unlogged; it is tried again at the next poll).
const catalogueLog: { to?: OutageLogger } = {};
const catalogue = await openCatalogue({
  db,
  log: {
    info: (obj, msg) => catalogueLog.to?.info(obj, msg),
    warn: (obj, msg) => catalogueLog.to?.warn(obj, msg),
  },
});
const packages = catalogue.packages;
const seeded = await seedDepartures(
  db,
  catalogue.published().map((p) => p.id),
  todayIso('UTC'),
  env.DECISION_DAYS,
);
const redis = env.REDIS_URL ? connectRedis(env.REDIS_URL) : undefined;
// Started once the app (and its logger) exists; changes that queue emails kick it.
let outbox: OutboxWorker | undefined;

const app = await buildApp({
  clientDir,
  production: env.NODE_ENV === 'production',
  logLevel: env.LOG_LEVEL,
  csp,
  trustProxy: env.TRUST_PROXY,
  redis,
  sessions: firebaseSessions(projectId),
  // React Router's server build beside the client's (npm run build writes both).
  renderer: await loadPageRenderer(join(clientDir, '../server/index.js')),
  publicRateLimitPerMinute: env.PUBLIC_RATE_LIMIT,
  userLimits: {
    readsPerMinute: env.READ_RATE_LIMIT,
    pagesPerMinute: env.PAGE_RATE_LIMIT,
    sessionsPerMinute: env.SESSION_RATE_LIMIT,
    sessionsPerAddressPerMinute: env.SESSION_ADDRESS_RATE_LIMIT,
  },
  tokenCacheSeconds: env.TOKEN_CACHE_SECONDS,
  catalogue,
  siteUrl: env.PUBLIC_ORIGIN,
  context: {
    db,
    verifyToken: firebaseTokenVerifier(projectId, { cacheMs: env.TOKEN_CACHE_SECONDS * 1000 }),
    packages,
    rateLimitPerMinute: env.BOOKING_RATE_LIMIT,
    maxHeldSeatsPerUser: env.MAX_HELD_SEATS_PER_USER,
    deleteIdentity: firebaseIdentityDeleter(projectId),
    maxWaitingEntriesPerUser: env.MAX_WAITING_ENTRIES_PER_USER,
    invitesPerDay: env.INVITES_PER_DAY,
    batchLanes: env.BOOKING_BATCH_LANES,
    cancellationCutoffDays: env.CANCELLATION_CUTOFF_DAYS,
    waitlistOfferHours: env.WAITLIST_OFFER_HOURS,
    decisionDays: env.DECISION_DAYS,
    moveOfferHours: env.MOVE_OFFER_HOURS,
    operationsEmail: env.OPERATIONS_EMAIL,
    detailsCutoffDays: env.DETAILS_CUTOFF_DAYS,
    onEmailQueued: () => outbox?.kick(),
    staffDirectory: firebaseStaffDirectory(projectId),
    stripe,
  },
});
catalogueLog.to = app.log;
// Without SMTP_URL (a bare `node server/src/main.ts`; `npm start` sets it) emails wait in the
// outbox until a process with a mail server delivers them: nothing is lost.
const mail = env.SMTP_URL ? createMailTransport({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM! }) : undefined;
if (mail) {
  outbox = startOutboxWorker({
    db,
    send: mail.send,
    log: app.log,
    siteUrl: env.PUBLIC_ORIGIN,
    cancellationCutoffDays: env.CANCELLATION_CUTOFF_DAYS,
    timeZone: env.BRAND_TIME_ZONE,
    leaseMs: env.OUTBOX_LEASE_SECONDS * 1000,
  });
  mail.verify().then(
    () => app.log.info(`mail goes to ${describeSmtpUrl(env.SMTP_URL!)}`),
    (error: Error) =>
      app.log.warn(
        `the mail server at ${describeSmtpUrl(env.SMTP_URL!)} did not answer (${error.message}): emails wait in the outbox`,
      ),
  );
} else {
  app.log.warn(
    'SMTP_URL is not set: emails wait in the outbox until a server with a mail server delivers them',
  );
}
// Sent emails' content is purged OUTBOX_RETENTION_DAYS after sending (server/src/me/repository.ts).
const outboxRetention = startOutboxRetention({ db, days: env.OUTBOX_RETENTION_DAYS, log: app.log });
// Images no package uses any more are purged a week after (server/src/catalog/image-purge.ts).
const imagePurge = startImagePurge({ db, log: app.log });
// Every process takes its turn; one that finds another at it skips (server/src/admin/search-index.ts).
// On PGlite a flush holds the one connection every request needs: smaller ones, more often, hold it
// for less (npm run bench:api's PGlite p99: 98-105 ms every 2 s, 61-80 ms every 500 ms).
const searchIndex = startSearchIndexFlush({
  db,
  log: app.log,
  intervalMs: db.kind === 'pglite' ? 500 : 2_000,
});
// What autovacuum does on PostgreSQL (server/src/db/pglite-analyze.ts); nothing there.
const pgliteAnalyze = startPgliteAnalyze({ db, log: app.log });
// What an offer made by a background job needs (a lapsed offer's seats, a cancelled booking's):
// the settings, and the clock read when it is made.
const offerContextNow = (): OfferContext => ({
  now: new Date(),
  offerHours: env.WAITLIST_OFFER_HOURS,
  maxHeldSeats: env.MAX_HELD_SEATS_PER_USER,
  packageName: packageNamer(packages),
});
// Offers whose deadline passed lapse and pass their seats on, in every process (each offer once).
const offerExpiry = startOfferExpiry({
  db,
  intervalMs: env.WAITLIST_EXPIRY_INTERVAL_SECONDS * 1000,
  offers: offerContextNow,
  // The brand's move offers lapse in the same loop: the booking is cancelled as declined.
  alsoLapse: [(offers) => expireMoveOffers(db, offers)],
  onLapsed: (n) => {
    app.log.info(`waiting list and moved departures: ${plural(n, 'offer')} lapsed`);
    outbox?.kick();
  },
  log: app.log,
});

// Every process runs it; the reminders table makes each reminder go out once (reminders.ts).
const reminders = startReminderScheduler({
  db,
  settings: {
    tripDays: env.TRIP_REMINDER_DAYS,
    detailsDays: env.DETAILS_REMINDER_DAYS,
    detailsCutoffDays: env.DETAILS_CUTOFF_DAYS,
    detailsIncomplete: guestDetailsIncomplete,
  },
  intervalMs: env.REMINDER_INTERVAL_SECONDS * 1000,
  log: app.log,
  onQueued: () => outbox?.kick(),
});
// What the money's jobs share: the offers a cancellation makes, the log, the outbox's kick.
const moneyJobs = {
  db,
  intervalMs: env.REMINDER_INTERVAL_SECONDS * 1000,
  offers: offerContextNow,
  log: app.log,
  onQueued: () => outbox?.kick(),
};
// Lapsed deposits and balance emails, in every process, each once (server/src/payments/jobs.ts).
const money = startMoneyScheduler(moneyJobs);
// Refunds due to cards go back through Stripe, each once (server/src/payments/stripe-refunds.ts).
const cardRefunds = stripe ? startCardRefunds({ ...moneyJobs, stripe }) : undefined;
// Every process sweeps; each departure's details are erased exactly once (server/src/guests/retention.ts).
const retention = startRetentionScheduler({ db, retentionDays: env.RETENTION_DAYS, log: app.log });
app.addHook('onClose', async () => {
  await catalogue.stop();
  await offerExpiry.stop();
  await reminders.stop();
  await money.stop();
  await cardRefunds?.stop();
  await retention.stop();
  await outboxRetention.stop();
  await imagePurge.stop();
  await searchIndex.stop();
  await pgliteAnalyze.stop();
  // The worker first: it finishes or releases what it holds while the database is still open.
  await outbox?.stop();
  mail?.close();
  redis?.disconnect();
  await db.close();
  app.log.info('database closed');
});
if (applied.length > 0) app.log.info(`database migrations applied: ${applied.join(', ')}`);
if (seededPackages > 0) app.log.info(`catalogue seeded from packages.json: ${seededPackages} packages`);
if (seeded > 0) app.log.info(`departures seeded: ${seeded}`);

// Fastify's close stops accepting connections, lets in-flight requests finish, then closes the
// database (onClose above): no booking is cut off half-way.
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  // Node closes idle keep-alive connections only once, when close() starts; a connection whose
  // request finishes afterwards would hold the process open until its keep-alive timeout.
  const idle = setInterval(() => app.server.closeIdleConnections(), 100);
  await app.close();
  clearInterval(idle);
  clearTimeout(force);
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

const host = listenHost(env);
await app.listen({ host, port: env.PORT });
const store = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(dataDir, 'pglite')}`;
// One log line (npm start prints the addresses of everything once the site answers).
app.log.info(`listening on ${host} port ${env.PORT}; bookings in ${store}`);
