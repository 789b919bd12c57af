// The data of `npm run bench:data` (scripts/bench-data.ts), generated inside PostgreSQL by
// set-based statements (generate_series, one INSERT ... SELECT a table): a million bookings made
// row by row from Node.js would take longer than everything measured after.
// Shape: 200 packages (the site's own six among them, so the server knows them), 5,000 departures
// from two years ago to a year ahead, 100,000 accounts, 1,000,000 bookings with about 2,000,000
// travellers, 2,000,000 audit rows, 3,000,000 sent emails and about 1,600,000 payment entries (one or more a booking). Most departures carry about 200
// bookings (about 400 travellers); ten carry about 450 bookings (about 900 travellers, the
// largest manifests) and forty about 30 bookings (about 60 travellers).
import { defaultRetentionDays } from '../server/src/guests/retention';
import type { Queryable } from '../server/src/db/database';
import { referenceAlphabet, referencePrefix } from '#contracts/booking';

// A booking's reference as the server makes them (asReference, contracts/booking.ts), from a
// 40-bit number: the references a traveller would read out, the prefix common to all of them.
const reference = (bits: string) =>
  `'${referencePrefix}' || ${Array.from(
    { length: 8 },
    (_, k) => `substr('${referenceAlphabet}', (((${bits}) >> ${5 * (7 - k)}) & 31)::int + 1, 1)`,
  ).join(' || ')}`;

export const generatedShape = {
  packages: 200,
  departures: 5000,
  accounts: 100_000,
  bookings: 1_000_000,
  large: 10,
  small: 40,
};

// Departure k (1-based): its package number (1..200) and how many bookings it carries.
// Large ones first, then small ones, then the rest share what is left.
const bookingsOf = `
  CASE WHEN k <= ${generatedShape.large} THEN 450
       WHEN k <= ${generatedShape.large + generatedShape.small} THEN 30
       ELSE 200 + CASE WHEN k - ${generatedShape.large + generatedShape.small} <= 4300 THEN 1 ELSE 0 END
  END`;

const firstNames = [
  'Amelia',
  'Oliver',
  'Isla',
  'Noah',
  'Ava',
  'Leo',
  'Mia',
  'Arthur',
  'Zoë',
  'Hugo',
  'Freya',
  'Luca',
  'Ivy',
  'Mateo',
  'Aisha',
  'Kenji',
  'Sofia',
  'Ravi',
  'Chloé',
  'Finn',
  'Priya',
  'Omar',
  'Hana',
  'Jonas',
  'Maya',
  'Elias',
  'Nora',
  'Tomás',
  'Lena',
  'Kwame',
  'Ingrid',
  'Diego',
  'Yuki',
  'Sean',
  'Fatima',
  'Lars',
  'Chiara',
  'Malik',
  'Elena',
  'Tariq',
  'Astrid',
  'Pablo',
  'Mei',
  'Felix',
  'Nadia',
  'Ruben',
  'Saoirse',
  'Anton',
  'Leila',
  'Björn',
];
const surnames = [
  'Smith',
  'Jones',
  'Nakamura',
  'García',
  'Müller',
  'Okafor',
  'Rossi',
  'Kowalski',
  'Dubois',
  'Andersson',
  'Patel',
  'Kim',
  'Murphy',
  "O'Brien",
  'Silva',
  'Novak',
  'Haddad',
  'Johansson',
  'Fernández',
  'Tanaka',
  'Williams',
  'Brown',
  'Taylor',
  'Wilson',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Hughes',
  'Edwards',
  'Green',
  'Hall',
  'Wood',
  'Harris',
  'Martin',
  'Jackson',
  'Clarke',
  'Lewis',
  'Young',
  'Bergström',
  'Lindqvist',
  'Van der Berg',
  'De Luca',
  'Moreau',
  'Lefebvre',
  'Schneider',
  'Fischer',
  'Weber',
  'Becker',
  'Hoffmann',
  'Schulz',
  'Zimmermann',
  'Krüger',
  'Yamamoto',
  'Watanabe',
  'Ito',
  'Suzuki',
  'Mensah',
  'Boateng',
  'Adeyemi',
  'Nwosu',
  'Mwangi',
  'Kariuki',
  'Santos',
  'Oliveira',
  'Pereira',
  'Costa',
  'Almeida',
  'Ivanova',
  'Petrov',
  'Horvat',
  'Kovač',
  'Nielsen',
  'Jensen',
  'Hansen',
  'Virtanen',
  'Korhonen',
  'Byrne',
  'Quinn',
];
const domains = ['example.com', 'example.org', 'example.net', 'mail.example', 'post.example'];

const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

// `packageIds`: the site's own packages (public/packages.json) take the first numbers, so a
// booking or a filter on them is one the server accepts; the rest are made-up ids.
export function generationSteps(packageIds: string[]): { name: string; sql: string }[] {
  const packageArray = sqlArray(packageIds);
  const first = sqlArray(firstNames);
  const last = sqlArray(surnames);
  const domain = sqlArray(domains);
  // A deterministic spread of an integer expression over 0..n-1: Knuth's multiplicative hash,
  // scaled from its high bits. Its low bits follow the expression's (an even number times an
  // odd one is even), so `% n` made fields of the same booking depend on each other: with the
  // status read from i % 10, half the surnames had no cancelled booking at all.
  const h = (expr: string, salt: number | string, n: number) =>
    `(((((${expr})::bigint * 2654435761 + ${salt}) % 4294967296) * ${n}) / 4294967296)::int`;
  return [
    {
      name: 'packages and departures',
      sql: `
        CREATE TEMP TABLE bench_packages AS
          SELECT p AS n,
            coalesce((${packageArray})[p], 'bench-package-' || lpad(p::text, 3, '0')) AS id,
            'Package ' || p AS name,
            -- Whole dollars ($500 to $2,999) in cents, as packages store them (migration 54).
            (500 + (p * 1373) % 2500) * 100 AS price_cents
          FROM generate_series(1, ${generatedShape.packages}) AS p;
        CREATE TEMP TABLE bench_departures AS
          SELECT k, gen_random_uuid() AS id,
            1 + (k - 1) % ${generatedShape.packages} AS package_no,
            -- Spread evenly from two years ago to a year ahead; one package's dates ~44 days apart.
            current_date - 730 + ((k - 1) * 1095 / ${generatedShape.departures}) AS starts_on,
            ${bookingsOf} AS bookings
          FROM generate_series(1, ${generatedShape.departures}) AS k;
        INSERT INTO departures (id, package_id, starts_on, capacity, status, meeting_point, meeting_time)
          SELECT d.id, p.id, d.starts_on, 1000, CASE WHEN d.k % 37 = 0 THEN 'closed' ELSE 'open' END,
            CASE WHEN d.k % 3 = 0 THEN 'Main square, by the fountain' END,
            CASE WHEN d.k % 3 = 0 THEN '08:30' END
          FROM bench_departures d JOIN bench_packages p ON p.n = d.package_no;
      `,
    },
    {
      name: '1,000,000 bookings',
      sql: `
        CREATE TEMP TABLE bench_slots AS
          SELECT d.k, d.id AS departure_id, d.package_no, d.starts_on, d.bookings,
            sum(d.bookings) OVER (ORDER BY d.k) - d.bookings AS before
          FROM bench_departures d;
        INSERT INTO bookings (id, reference, user_id, package_id, package_name, price_cents, name, email,
            account_email, address, phone, departure_id, travellers, total_cents, status, cancel_reason,
            created_at, updated_at)
        SELECT gen_random_uuid(),
          -- The server's shape (WT- and 8 base-32 characters): multiplying by an odd number
          -- modulo 2^40 is a bijection, and its 40 bits are the 8 characters, 5 bits each.
          ${reference('(i::bigint * 686035502029) % 1099511627776')},
          'bench-account-' || ${h('i', 7, generatedShape.accounts)},
          p.id, p.name, p.price_cents,
          f.first_name || ' ' || f.surname,
          lower(translate(f.first_name || '.' || replace(replace(f.surname, ' ', ''), '''', ''),
            'Zëéáíüäöčø', 'zeeaiuaoco')) || (i % 1000) || '@' || (${domain})[1 + ${h('i', 11, domains.length)}],
          'traveller' || i || '@example.com',
          i || ' Harbour Road, Porthaven',
          '+44 7700 ' || lpad((i % 1000000)::text, 6, '0'),
          s.departure_id, f.travellers, p.price_cents * f.travellers,
          CASE WHEN i % 10 = 0 THEN 'cancelled'
               WHEN s.starts_on > current_date AND i % 10 < 4 THEN 'requested'
               ELSE 'confirmed' END,
          CASE WHEN i % 10 = 0 THEN 'Plans changed' END,
          f.at, f.at
        FROM bench_slots s
        JOIN bench_packages p ON p.n = s.package_no
        CROSS JOIN LATERAL generate_series(1, s.bookings) AS j
        CROSS JOIN LATERAL (SELECT (s.before + j)::int) AS n(i)
        CROSS JOIN LATERAL (SELECT
          (${first})[1 + ${h('n.i', 3, firstNames.length)}] AS first_name,
          (${last})[1 + ${h('n.i', 5, surnames.length)}] AS surname,
          -- 1 (35%), 2 (45%), 3 (10%), 4 (10%): about 1.95 travellers a booking.
          CASE WHEN n.i % 20 < 7 THEN 1 WHEN n.i % 20 < 16 THEN 2 WHEN n.i % 20 < 18 THEN 3 ELSE 4 END
            AS travellers,
          -- Booked 1 to 300 days before the departure, never in the future.
          least(now() - interval '1 minute',
            s.starts_on - (1 + ${h('n.i', 13, 300)}) * interval '1 day'
              + ${h('n.i', 17, 86400)} * interval '1 second') AS at) AS f;
      `,
    },
    {
      name: "the travellers' details (about 2,000,000)",
      sql: `
        -- Departures more than the retention period past have their travellers' date of birth and
        -- dietary needs erased already, as the retention sweep (server/src/guests/retention.ts)
        -- leaves a database that has been running: no backlog for the server to work through
        -- while it is measured.
        INSERT INTO booking_guests (booking_id, position, full_name, date_of_birth, dietary)
        SELECT b.id, g,
          CASE WHEN g = 0 THEN b.name
               ELSE (${first})[1 + ${h('hashtext(b.reference) & 2147483647', 'g', firstNames.length)}]
                 || ' ' || split_part(b.name, ' ', 2) END,
          CASE WHEN NOT erased THEN date '1950-01-01' + (hashtext(b.reference || g) & 2147483647) % 25000 END,
          CASE WHEN NOT erased AND (hashtext(b.reference) + g) % 9 = 0 THEN 'Vegetarian' ELSE '' END
        FROM bookings b
        JOIN departures d ON d.id = b.departure_id
        CROSS JOIN LATERAL (SELECT d.starts_on <= current_date - ${defaultRetentionDays} AS erased) r
        CROSS JOIN LATERAL generate_series(0, b.travellers - 1) AS g;
        UPDATE departures SET guests_erased_at = starts_on + ${defaultRetentionDays + 1}
          WHERE starts_on <= current_date - ${defaultRetentionDays};
      `,
    },
    {
      name: 'seats taken and capacities',
      sql: `
        UPDATE departures d SET seats_taken = s.seats,
          capacity = greatest(s.seats + 10, CASE WHEN s.seats > 600 THEN 950 ELSE 500 END)
        FROM (SELECT departure_id, sum(travellers)::int AS seats FROM bookings
              WHERE status <> 'cancelled' GROUP BY departure_id) s
        WHERE d.id = s.departure_id;
      `,
    },
    {
      name: '2,000,000 audit rows',
      sql: `
        INSERT INTO audit_events (at, booking_id, departure_id, actor_type, actor, action, from_value, to_value, reason)
        SELECT b.created_at, b.id, b.departure_id, 'traveller', 'traveller', 'booking.created', NULL,
          'requested', NULL
        FROM bookings b;
        INSERT INTO audit_events (at, booking_id, departure_id, actor_type, actor, action, from_value, to_value, reason)
        SELECT b.created_at + interval '1 day', b.id, b.departure_id, 'operator', 'operator@example.com',
          CASE WHEN b.status = 'cancelled' THEN 'booking.cancelled' ELSE 'booking.confirmed' END,
          'requested', b.status, b.cancel_reason
        FROM bookings b WHERE b.status <> 'requested';
        -- Topped up to 2,000,000 with departure changes.
        INSERT INTO audit_events (at, departure_id, actor_type, actor, action, from_value, to_value)
        SELECT now() - (g % 700) * interval '1 day', d.id, 'operator', 'operator@example.com',
          'departure.capacity', '500', '520'
        FROM generate_series(1, greatest(0, 2000000 - (SELECT count(*) FROM audit_events))) AS g
        JOIN bench_departures d ON d.k = 1 + g % ${generatedShape.departures};
      `,
    },
    {
      name: '3,000,000 sent emails',
      sql: `
        INSERT INTO outbox (id, booking_id, kind, recipient, payload, status, attempts, run_after,
            created_at, sent_at)
        -- Sent more than OUTBOX_RETENTION_DAYS (90 by default, server/src/env.ts) ago: their content
        -- already emptied, as server/src/me/repository.ts purgeSentEmails leaves them.
        SELECT gen_random_uuid(), b.id, k.kind, b.account_email,
          CASE WHEN b.created_at + k.after < now() - interval '90 days' THEN '{}'::jsonb
               ELSE jsonb_build_object('reference', b.reference, 'name', b.name, 'packageName', b.package_name) END,
          'sent', 1, b.created_at + k.after, b.created_at + k.after, b.created_at + k.after
        FROM bookings b
        CROSS JOIN (VALUES ('booking-received', interval '0'), ('booking-confirmed', interval '1 day'),
                           ('trip-reminder', interval '2 days')) AS k(kind, after);
      `,
    },
    {
      // As a running server leaves them: the trip and details reminders of the coming weeks
      // already sent (server/src/reminders/reminders.ts; DETAILS_REMINDER_DAYS and
      // TRIP_REMINDER_DAYS are at most 30 by default, server/src/env.ts), so the server measured
      // does not start by sending thousands of them.
      name: 'the reminders of the coming weeks, sent',
      sql: `
        INSERT INTO reminders (booking_id, kind, sent_at)
        SELECT b.id, k.kind, now() - interval '1 day'
        FROM bookings b JOIN departures d ON d.id = b.departure_id
        CROSS JOIN (VALUES ('trip'), ('details')) AS k(kind)
        WHERE d.starts_on BETWEEN current_date AND current_date + 30 AND b.status <> 'cancelled'
        ON CONFLICT DO NOTHING;
        INSERT INTO guest_reminders (booking_id, position, kind, sent_at)
        SELECT g.booking_id, g.position, 'details', now() - interval '1 day'
        FROM booking_guests g JOIN bookings b ON b.id = g.booking_id JOIN departures d ON d.id = b.departure_id
        WHERE d.starts_on BETWEEN current_date AND current_date + 30 AND b.status <> 'cancelled'
        ON CONFLICT DO NOTHING;
      `,
    },
  ];
}

// Run after the migrations (the ledger is migration 60's, newer than the schema the data is made
// at, BENCH_DATA_NEW_FROM in scripts/bench-data.ts), once: a payment entry on every booking.
// What each generated booking's money went through (contract v5), read from its reference's hash
// `r` (0-99) and where it stands today: a cancelled booking kept its deposit as a traveller's
// cancellation does (90%), was cancelled by the brand and refunded (8%) or still waits for that
// refund (2%); a trip that has left or whose balance date has passed was paid (99% and 97%) or
// its balance is overdue; a trip still ahead has its deposit paid, or everything (10%), or, made in
// the last seven days, half of it still waits for its deposit (a first part paid); 2% of the older
// confirmed ones let the deposit's deadline pass. Every booking has at least one entry.
const moneyPlan = `
  CASE WHEN b.status = 'cancelled' THEN CASE WHEN x.r < 90 THEN 'kept' WHEN x.r < 98 THEN 'refunded' ELSE 'refund-due' END
       WHEN d.starts_on < current_date THEN CASE WHEN x.r < 99 THEN 'paid' ELSE 'deposit' END
       WHEN current_date > d.starts_on - 60 THEN CASE WHEN x.r < 97 THEN 'paid' ELSE 'deposit' END
       WHEN b.created_at > now() - interval '168 hours' THEN CASE WHEN x.r < 50 THEN 'part' ELSE 'deposit' END
       WHEN x.r < 10 THEN 'paid'
       WHEN x.r < 12 AND b.status = 'confirmed' THEN 'part'
       ELSE 'deposit' END`;

export function ledgerSteps(): { name: string; sql: string }[] {
  return [
    {
      // Bookings made since payments were recorded (the default terms, a deposit deadline a week
      // after booking), their entries, and each booking's sums written once. The sums are what the
      // ledger's trigger would write (migration 60), computed from the entries in one UPDATE with
      // the bookings' triggers off for it: nothing they count changes here, and before migration 64
      // the traveller counters' statement trigger joined the old and new rows of a million-row
      // update and did not finish in 20 minutes (departure_travellers_follow_bookings).
      // bench-data.ts checks paid_cents against the ledger's sum at the end, as the deferred check
      // would have at COMMIT. With the triggers off, the stored balance date (migration 65) is
      // written here as its trigger would write it for balance_due_days 60. The money reminders of
      // the coming weeks are marked sent, as a running server leaves them.
      name: "payment entries (about 1,600,000) and the bookings' sums",
      sql: `
        CREATE TEMP TABLE bench_money AS
          SELECT b.id, b.reference, b.created_at, b.total_cents::bigint AS total,
            CASE WHEN (b.created_at AT TIME ZONE 'UTC')::date >= d.starts_on - 60
              THEN b.total_cents::bigint ELSE (b.total_cents::bigint * 20 + 50) / 100 END AS deposit,
            (d.starts_on - 60)::timestamptz AS balance_on,
            CASE WHEN x.r % 3 = 0 THEN 'card' ELSE 'bank-transfer' END AS method,
            ${moneyPlan} AS plan
          FROM bookings b JOIN departures d ON d.id = b.departure_id
          CROSS JOIN LATERAL (SELECT abs(hashtext(b.reference || 'money')) % 100 AS r) x;
        ALTER TABLE payment_entries DISABLE TRIGGER payment_entries_to_bookings;
        INSERT INTO payment_entries (id, booking_id, kind, method, amount_cents, currency, at, reference, staff)
        SELECT gen_random_uuid(), m.id, e.kind, m.method, e.amount::int, 'USD', least(now() - interval '1 minute', e.at),
          m.reference, 'operator@example.com'
        FROM bench_money m
        CROSS JOIN LATERAL (VALUES
          ('payment', CASE WHEN m.plan = 'part' THEN greatest(1, m.deposit / 2) ELSE m.deposit END,
             m.created_at + CASE WHEN m.plan = 'part' THEN interval '1 hour' ELSE interval '2 days' END),
          ('payment', CASE WHEN m.plan = 'paid' THEN m.total - m.deposit ELSE 0 END,
             greatest(m.created_at + interval '3 days', m.balance_on - interval '10 days')),
          ('refund', CASE WHEN m.plan = 'refunded' THEN m.deposit ELSE 0 END, m.created_at + interval '5 days')
        ) AS e(kind, amount, at)
        WHERE e.amount > 0;
        ALTER TABLE payment_entries ENABLE TRIGGER payment_entries_to_bookings;
        ALTER TABLE bookings DISABLE TRIGGER USER;
        UPDATE bookings b SET deposit_percent = 20, balance_due_days = 60,
          cancellation_fees = '[{"daysBefore": 60, "percent": 50}, {"daysBefore": 30, "percent": 100}]',
          deposit_due_at = b.created_at + interval '168 hours', deposit_waived = false,
          paid_cents = s.net, refunded_cents = s.refunded, balance_due_on = m.balance_on::date,
          cancellation_fee_cents = CASE WHEN b.status = 'cancelled' THEN CASE WHEN m.plan = 'kept' THEN s.net ELSE 0 END END
        FROM bench_money m JOIN (
          SELECT booking_id, sum(CASE WHEN kind = 'payment' THEN amount_cents ELSE -amount_cents END)::int AS net,
            sum(CASE WHEN kind = 'refund' THEN amount_cents ELSE 0 END)::int AS refunded
          FROM payment_entries GROUP BY booking_id) s ON s.booking_id = m.id
        WHERE b.id = m.id;
        ALTER TABLE bookings ENABLE TRIGGER USER;
        DROP TABLE bench_money;
        INSERT INTO reminders (booking_id, kind, sent_at)
        SELECT b.id, k.kind, now() - interval '1 day'
        FROM bookings b JOIN departures d ON d.id = b.departure_id
        CROSS JOIN (VALUES ('balance-14'), ('balance-3'), ('balance-overdue')) AS k(kind)
        WHERE d.starts_on BETWEEN current_date AND current_date + b.balance_due_days + 15
          AND b.status <> 'cancelled'
        ON CONFLICT DO NOTHING;
      `,
    },
  ];
}

// The made-up packages in a catalogue table, if the schema has one (another change adds it):
// filled with what its NOT NULL columns without a default need. Best effort: a table of another
// shape is reported, not failed on. Not the site's own: the server seeds those from
// public/packages.json at its first start, published (server/src/catalog/seed.ts), and a draft
// row of the same id here would keep the seed out (every booking then "This package does not
// exist.").
export async function fillPackagesTable(db: Queryable, packageIds: string[]): Promise<string> {
  const { rows } = await db.query<{ column_name: string; data_type: string }>(
    `SELECT column_name, data_type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'packages'
       AND is_nullable = 'NO' AND column_default IS NULL`,
  );
  if (rows.length === 0) return 'no packages table';
  const value = (c: { column_name: string; data_type: string }) =>
    c.column_name === 'id'
      ? 'p.id'
      : c.column_name === 'price_cents'
        ? // The same price as bench_packages gives its bookings: whole dollars, in cents.
          '(500 + (p.n * 1373) % 2500) * 100'
        : /int|numeric/.test(c.data_type)
          ? '1'
          : c.data_type === 'jsonb' || c.data_type === 'json'
            ? `'{}'`
            : c.data_type === 'boolean'
              ? 'true'
              : /time|date/.test(c.data_type)
                ? 'now()'
                : `'Package ' || p.n`;
  try {
    await db.query(
      `INSERT INTO packages (${rows.map((c) => c.column_name).join(', ')})
       SELECT ${rows.map(value).join(', ')} FROM generate_series(1, ${generatedShape.packages}) AS g(i)
       CROSS JOIN LATERAL (SELECT g.i AS n, 'bench-package-' || lpad(g.i::text, 3, '0') AS id) p
       WHERE p.n > ${packageIds.length}
       ON CONFLICT DO NOTHING`,
    );
    return 'packages table filled';
  } catch (error) {
    return `packages table not filled: ${(error as Error).message}`;
  }
}
