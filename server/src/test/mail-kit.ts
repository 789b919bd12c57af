// Test helpers for the mail tests: a real SMTP inbox (MailDev in-process), databases with the
// schema, and a booking row for the outbox's foreign key.
import { randomUUID } from 'node:crypto';
import { MailDev } from 'maildev';
import { openDatabase, type Database } from '../db/database.js';
import { migrate } from '../db/migrations.js';
import { dropPostgresSchema, postgresSchemaUrl } from './postgres-schema.js';
import { missing, testDatabaseUrl } from './services.js';
import { enqueueEmails, type BookingEmailData, type EmailJob } from '../mail/outbox.js';

export type ReceivedEmail = {
  id: string;
  subject: string;
  html: string;
  text: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
  headers: Record<string, string>;
};

export type TestInbox = {
  smtpPort: number;
  webUrl: string;
  emails(): Promise<ReceivedEmail[]>;
  stop(): Promise<void>;
};

// MailDev on 127.0.0.1: on free ports, or on `smtpPort` again (a restart after an outage).
export async function startTestInbox(smtpPort = 0): Promise<TestInbox> {
  const maildev = new MailDev({ smtp: smtpPort, web: 0, ip: '127.0.0.1', webIp: '127.0.0.1', silent: true });
  // MailDev's API announces itself with console.info even when silent: keep test output clean.
  const info = console.info;
  console.info = () => {};
  const servers = await maildev.start().finally(() => {
    console.info = info;
  });
  const webPort = servers.api?.getPort();
  if (!webPort) throw new Error('MailDev started without its web API');
  const webUrl = `http://127.0.0.1:${webPort}`;
  return {
    smtpPort: servers.smtp.getPort(),
    webUrl,
    emails: async () => {
      const res = await fetch(`${webUrl}/api/email`);
      if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
      return (await res.json()) as ReceivedEmail[];
    },
    stop: () => maildev.stop(),
  };
}

export type TestStore = {
  name: string;
  // Why this store is not available in this run (describeEach registers its suite skipped).
  skip?: string;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
};

export { testDatabaseUrl };

// PGlite in memory always; PostgreSQL when TEST_DATABASE_URL is set. Every open() of one store
// reaches the same database (for PostgreSQL: a new pool, as another server process would have).
export function testStores(): TestStore[] {
  const stores: TestStore[] = [];
  let pglite: Promise<Database> | undefined;
  stores.push({
    name: 'PGlite',
    // PGlite is one connection in this process: every "open" shares it.
    open: async () => {
      const db = await (pglite ??= openDatabase({}).then(async (d) => (await migrate(d), d)));
      return { ...db, close: async () => {} };
    },
    // Once: a second close of PGlite throws.
    cleanup: async () => {
      const opened = pglite;
      pglite = undefined;
      if (opened) await (await opened).close();
    },
  });
  const baseUrl = testDatabaseUrl;
  if (baseUrl) {
    let schema: Promise<string> | undefined;
    stores.push({
      name: 'PostgreSQL',
      open: async () => {
        const url = await (schema ??= postgresSchemaUrl(baseUrl));
        const db = await openDatabase({ url, poolSize: 4 });
        await migrate(db);
        return db;
      },
      cleanup: async () => {
        if (schema) await dropPostgresSchema(await schema);
      },
    });
  } else {
    stores.push({
      name: 'PostgreSQL',
      skip: missing.postgres,
      open: async () => {
        throw new Error(`PostgreSQL: ${missing.postgres}`);
      },
      cleanup: async () => {},
    });
  }
  return stores;
}

// A booking row for the outbox's foreign key; only the columns the schema requires.
export async function insertTestBooking(db: Database): Promise<string> {
  const id = randomUUID();
  await db.query(
    `INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, total_cents,
                           name, email, address, phone)
     VALUES ($1, $2, 'test-user', 'swiss-alpine-lakes', 'Swiss Alpine Lakes', 189000, 189000,
             'Ada Lovelace', 'ada@example.com', '12 St James Square, London', '442079460000')`,
    [id, `WT-${randomUUID().slice(0, 8).toUpperCase()}`],
  );
  return id;
}

export const emailData = (reference: string): BookingEmailData => ({
  reference,
  name: 'Ada Lovelace',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2026-12-12',
  travellers: 1,
  price: 1890,
  total: 1890,
  status: 'requested',
});

// Queues `count` emails through the lead's enqueueEmails and answers their outbox ids, in order.
export async function queueTestEmails(
  db: Database,
  bookingId: string,
  count: number,
  tag = randomUUID().slice(0, 6),
) {
  const references = Array.from({ length: count }, (_, i) => `WT-${tag}-${String(i).padStart(4, '0')}`);
  const jobs: EmailJob[] = references.map((reference) => ({
    bookingId,
    kind: 'booking-received',
    to: 'ada@example.com',
    data: emailData(reference),
  }));
  await db.transaction((tx) => enqueueEmails(tx, jobs));
  const { rows } = await db.query<{ id: string; reference: string }>(
    `SELECT id, payload->>'reference' AS reference FROM outbox WHERE payload->>'reference' = ANY($1::text[])`,
    [references],
  );
  const byReference = new Map(rows.map((r) => [r.reference, r.id]));
  return references.map((r) => byReference.get(r)!);
}

export type LogEntry = { level: 'info' | 'warn' | 'error'; obj: object; msg: string };

export function recordingLog() {
  const entries: LogEntry[] = [];
  const at = (level: LogEntry['level']) => (obj: object, msg: string) =>
    void entries.push({ level, obj, msg });
  return { entries, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}
