import type { Database } from './database.js';

// Migrations 53 and 58 build the console's search table again (docs/decisions/058 and 064): a new
// table under temporary names, filled by `fill` (an INSERT INTO booking_search_next), indexed
// after the rows are in, then put in the old one's place, so console searches wait only for the
// renames. The caller locks what `fill` reads against writes first.
const rebuildSearchTable = (fill: string) => `
      CREATE TABLE booking_search_next (
        id uuid CONSTRAINT booking_search_next_pkey PRIMARY KEY,
        created_at timestamptz NOT NULL,
        package_id text NOT NULL,
        text text NOT NULL
      ) WITH (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000);
${fill}      CREATE INDEX booking_search_next_created ON booking_search_next (created_at DESC, id DESC) INCLUDE (text);
      CREATE INDEX booking_search_next_package ON booking_search_next (package_id, created_at DESC, id DESC)
        INCLUDE (text);
      CREATE INDEX booking_search_next_text ON booking_search_next USING gin (text public.gin_trgm_ops)
        WITH (fastupdate = on, gin_pending_list_limit = 65536);
      ALTER TABLE booking_search_next ALTER COLUMN text SET STATISTICS 1000;

      DROP TABLE booking_search;
      ALTER TABLE booking_search_next RENAME TO booking_search;
      ALTER TABLE booking_search RENAME CONSTRAINT booking_search_next_pkey TO booking_search_pkey;
      ALTER INDEX booking_search_next_created RENAME TO booking_search_created;
      ALTER INDEX booking_search_next_package RENAME TO booking_search_package;
      ALTER INDEX booking_search_next_text RENAME TO booking_search_text;
      ALTER TABLE booking_search ADD CONSTRAINT booking_search_id_fkey
        FOREIGN KEY (id) REFERENCES bookings (id) ON DELETE CASCADE;
      ANALYZE booking_search;
`;

// Version 46 adds a statement's traveller counts in a SQL function; version 51 runs the same
// INSERT from PL/pgSQL so that its plan is kept. One text, so the two cannot drift apart.
const addTravellerChanges = `        INSERT INTO departure_travellers AS t (departure_id, total, complete)
          SELECT (c->>'d')::uuid, sum((c->>'t')::int), sum((c->>'c')::int)
          FROM jsonb_array_elements(changes) c
          GROUP BY 1 HAVING sum((c->>'t')::int) <> 0 OR sum((c->>'c')::int) <> 0
          ORDER BY 1
        ON CONFLICT (departure_id) DO UPDATE
          SET total = t.total + excluded.total, complete = t.complete + excluded.complete`;

// The search table's trigger on bookings as versions 51, 53 and 58 replace it: they differ only
// in what a new booking inserts and what a changed lead updates.
const bookingSearchFollow = (branches: {
  insert: string;
  update: string;
}) => `      CREATE OR REPLACE FUNCTION booking_search_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${branches.insert}
        ELSE
          ${branches.update}
        END IF;
        RETURN NULL;
      END
      $fn$;`;

// The end of payment_entries_never_change (versions 60 and 62, which widen only the columns it
// compares): anything but erasing a note is refused.
const refuseLedgerEdit = `          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'payment entries are never edited or deleted: record an entry of the other kind'
          USING ERRCODE = 'restrict_violation';
      END
      $fn$;`;

// Versioned schema changes, applied in order at start. Never edit one that has shipped: add the
// next version instead.
export const migrations: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'create bookings',
    sql: `
      CREATE TABLE bookings (
        id uuid PRIMARY KEY,
        reference text NOT NULL UNIQUE,
        user_id text NOT NULL,
        package_id text NOT NULL,
        package_name text NOT NULL,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        name text NOT NULL,
        email text NOT NULL,
        address text NOT NULL,
        phone text NOT NULL,
        idempotency_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT bookings_idempotency UNIQUE (user_id, idempotency_key)
      );
      CREATE INDEX bookings_user_created ON bookings (user_id, created_at DESC);
    `,
  },
  {
    version: 2,
    name: 'departures, travellers, status, audit trail and email outbox',
    // Bookings stored before this version keep every column: they get 1 traveller, a total equal
    // to their price, the status "requested" and no departure ("date to be agreed").
    sql: `
      CREATE TABLE departures (
        id uuid PRIMARY KEY,
        package_id text NOT NULL,
        starts_on date NOT NULL,
        capacity integer NOT NULL CHECK (capacity >= 1),
        seats_taken integer NOT NULL DEFAULT 0 CHECK (seats_taken >= 0),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        -- The backstop: whatever the code does, a departure is never sold beyond its seats.
        CONSTRAINT departures_seats_within_capacity CHECK (seats_taken <= capacity),
        CONSTRAINT departures_package_date UNIQUE (package_id, starts_on)
      );

      ALTER TABLE bookings
        ADD COLUMN departure_id uuid REFERENCES departures (id),
        ADD COLUMN travellers integer NOT NULL DEFAULT 1 CHECK (travellers BETWEEN 1 AND 12),
        ADD COLUMN total_cents integer,
        ADD COLUMN status text NOT NULL DEFAULT 'requested'
          CHECK (status IN ('requested', 'confirmed', 'cancelled')),
        ADD COLUMN updated_at timestamptz,
        ADD COLUMN cancel_reason text;
      UPDATE bookings SET total_cents = price_cents * travellers, updated_at = created_at;
      ALTER TABLE bookings
        ALTER COLUMN total_cents SET NOT NULL,
        ALTER COLUMN updated_at SET NOT NULL,
        ALTER COLUMN updated_at SET DEFAULT now(),
        ADD CONSTRAINT bookings_total CHECK (total_cents = price_cents * travellers);
      CREATE INDEX bookings_departure ON bookings (departure_id, created_at);
      CREATE INDEX bookings_created ON bookings (created_at DESC, id DESC);

      -- The audit trail: every status change of a booking and every change of a departure, with
      -- who made it. Written in the transaction of the change; never updated or deleted.
      CREATE TABLE audit_events (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        booking_id uuid REFERENCES bookings (id),
        departure_id uuid REFERENCES departures (id),
        actor_type text NOT NULL CHECK (actor_type IN ('traveller', 'operator', 'system')),
        actor text NOT NULL,
        action text NOT NULL,
        from_value text,
        to_value text,
        reason text,
        CHECK (booking_id IS NOT NULL OR departure_id IS NOT NULL)
      );
      CREATE INDEX audit_events_booking ON audit_events (booking_id, id);
      CREATE INDEX audit_events_departure ON audit_events (departure_id, id);

      -- Emails to send, written in the transaction of the change they tell about, delivered by
      -- the outbox worker (server/src/mail).
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        booking_id uuid REFERENCES bookings (id),
        kind text NOT NULL,
        recipient text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        run_after timestamptz NOT NULL DEFAULT now(),
        locked_by text,
        locked_until timestamptz,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        sent_at timestamptz
      );
      CREATE INDEX outbox_due ON outbox (run_after) WHERE status IN ('queued', 'sending');
    `,
  },
  {
    version: 3,
    name: 'the account email of each booking, and the index that counts held seats',
    // Emails about a booking go to the signed-in account's address (the verified token's), not to
    // the one typed in the form, which stays the booking's contact for staff. Bookings stored
    // before keep getting theirs at the typed address: the only one known for them.
    sql: `
      ALTER TABLE bookings ADD COLUMN account_email text;
      UPDATE bookings SET account_email = email;
      -- server/src/bookings/held-seats.ts sums a user's requested travellers in every booking.
      CREATE INDEX bookings_user_requested ON bookings (user_id) INCLUDE (travellers)
        WHERE status = 'requested';
      `,
  },
  {
    version: 4,
    name: "travellers' details, check-in, internal notes and retention",
    // Every booking stored before this version gets one guest per traveller: the first takes the
    // booking's name, the others start empty (the traveller fills them in later).
    sql: `
      CREATE TABLE booking_guests (
        booking_id uuid NOT NULL REFERENCES bookings (id),
        position integer NOT NULL CHECK (position BETWEEN 0 AND 11),
        full_name text NOT NULL DEFAULT '',
        date_of_birth date,
        dietary text NOT NULL DEFAULT '',
        medical text NOT NULL DEFAULT '',
        emergency_name text NOT NULL DEFAULT '',
        emergency_phone text NOT NULL DEFAULT '',
        check_in text CHECK (check_in IN ('present', 'no-show')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (booking_id, position)
      );
      INSERT INTO booking_guests (booking_id, position, full_name)
      SELECT b.id, g.position, CASE WHEN g.position = 0 THEN b.name ELSE '' END
      FROM bookings b CROSS JOIN LATERAL generate_series(0, b.travellers - 1) AS g(position);

      -- Operators' internal notes on a booking: shown in its history and on the manifest, never to
      -- the traveller. The audit row that records a note points at it.
      CREATE TABLE booking_notes (
        id uuid PRIMARY KEY,
        booking_id uuid NOT NULL REFERENCES bookings (id),
        author text NOT NULL,
        text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 2000),
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX booking_notes_booking ON booking_notes (booking_id, at);
      ALTER TABLE audit_events ADD COLUMN note_id uuid REFERENCES booking_notes (id);

      -- When a departure's sensitive guest details were erased (retention): erased once, by
      -- whichever process gets there first.
      ALTER TABLE departures ADD COLUMN guests_erased_at timestamptz;
      CREATE INDEX departures_to_erase ON departures (starts_on) WHERE guests_erased_at IS NULL;
    `,
  },
  {
    version: 5,
    name: 'waiting list with held offers, guaranteed departures',
    // Adds only: departures get a minimum (0 = none) and the waiting list is a new table, so every
    // stored booking and departure keeps its values and its seats.
    sql: `
      ALTER TABLE departures
        ADD COLUMN min_travellers integer NOT NULL DEFAULT 0
          CHECK (min_travellers BETWEEN 0 AND 500);

      -- One party waiting for seats on one departure. While 'offered' its travellers are counted
      -- in departures.seats_taken (the seats are held for it) until offer_expires_at.
      CREATE TABLE waitlist_entries (
        id uuid PRIMARY KEY,
        -- Join order: the queue is walked by this, never by a clock.
        position bigserial NOT NULL UNIQUE,
        departure_id uuid NOT NULL REFERENCES departures (id),
        package_id text NOT NULL,
        user_id text NOT NULL,
        -- The account's email: the offer is sent there, operators see it.
        user_email text NOT NULL,
        travellers integer NOT NULL CHECK (travellers BETWEEN 1 AND 12),
        status text NOT NULL DEFAULT 'waiting'
          CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'expired')),
        offered_at timestamptz,
        offer_expires_at timestamptz,
        booking_id uuid REFERENCES bookings (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT waitlist_offer_deadline CHECK (status <> 'offered' OR offer_expires_at IS NOT NULL),
        CONSTRAINT waitlist_booked_booking CHECK (status <> 'booked' OR booking_id IS NOT NULL)
      );
      -- One live entry per user and departure; joining again finds it.
      CREATE UNIQUE INDEX waitlist_live_per_user ON waitlist_entries (departure_id, user_id)
        WHERE status IN ('waiting', 'offered');
      CREATE INDEX waitlist_queue ON waitlist_entries (departure_id, position) WHERE status = 'waiting';
      CREATE INDEX waitlist_offers ON waitlist_entries (departure_id) WHERE status = 'offered';
      CREATE INDEX waitlist_offers_due ON waitlist_entries (offer_expires_at) WHERE status = 'offered';
      CREATE INDEX waitlist_user ON waitlist_entries (user_id, created_at DESC);
      ALTER TABLE audit_events ADD COLUMN waitlist_entry_id uuid REFERENCES waitlist_entries (id);
    `,
  },
  {
    version: 6,
    name: 'meeting point and time, reminders sent, operators last look',
    // Adds only: departures keep their rows (no meeting point or time set), nothing is dropped.
    sql: `
      ALTER TABLE departures
        ADD COLUMN meeting_point text
          CONSTRAINT departures_meeting_point_length CHECK (char_length(meeting_point) BETWEEN 1 AND 200),
        ADD COLUMN meeting_time text
          CONSTRAINT departures_meeting_time_format CHECK (meeting_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');
      -- Reminders looked for by date: the departures in the coming days.
      CREATE INDEX departures_starts_on ON departures (starts_on);

      -- One row a reminder sent: the primary key is what makes each kind go out once per booking
      -- however many processes look at the same moment (INSERT ... ON CONFLICT DO NOTHING, in the
      -- transaction that queues the email).
      CREATE TABLE reminders (
        booking_id uuid NOT NULL REFERENCES bookings (id),
        kind text NOT NULL CHECK (kind IN ('details', 'trip')),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (booking_id, kind)
      );

      -- When each operator last looked at the bookings: the console marks what arrived since.
      CREATE TABLE operator_views (
        operator_id text PRIMARY KEY,
        seen_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 7,
    name: 'held seats counted per user',
    // The seats each user holds awaiting confirmation (requested bookings and open waiting-list
    // offers), kept by triggers in the statement that changes them, so the limit of
    // server/src/bookings/held-seats.ts reads one row a user instead of summing every booking
    // the user ever made (docs/decisions/015-held-seats-counter.md). Filled from what is stored;
    // nothing else changes.
    sql: `
      CREATE TABLE held_seats (
        user_id text PRIMARY KEY,
        seats integer NOT NULL
      );
      INSERT INTO held_seats (user_id, seats)
        SELECT user_id, sum(travellers)::int FROM (
          SELECT user_id, travellers FROM bookings WHERE status = 'requested'
          UNION ALL
          SELECT user_id, travellers FROM waitlist_entries WHERE status = 'offered'
        ) held
        GROUP BY user_id;

      -- One function for both tables: TG_ARGV[0] is the status whose rows hold seats. Statement
      -- triggers with transition tables: one upsert a statement, however many rows it wrote.
      CREATE FUNCTION held_seats_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO held_seats AS h (user_id, seats)
            SELECT user_id, sum(travellers)::int FROM new_rows WHERE status = TG_ARGV[0]
            GROUP BY user_id ORDER BY user_id
          ON CONFLICT (user_id) DO UPDATE SET seats = h.seats + excluded.seats;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO held_seats AS h (user_id, seats)
            SELECT user_id, sum(n)::int FROM (
              SELECT user_id, travellers AS n FROM new_rows WHERE status = TG_ARGV[0]
              UNION ALL
              SELECT user_id, -travellers FROM old_rows WHERE status = TG_ARGV[0]
            ) d
            GROUP BY user_id HAVING sum(n) <> 0 ORDER BY user_id
          ON CONFLICT (user_id) DO UPDATE SET seats = h.seats + excluded.seats;
        ELSE
          INSERT INTO held_seats AS h (user_id, seats)
            SELECT user_id, -sum(travellers)::int FROM old_rows WHERE status = TG_ARGV[0]
            GROUP BY user_id ORDER BY user_id
          ON CONFLICT (user_id) DO UPDATE SET seats = h.seats + excluded.seats;
        END IF;
        RETURN NULL;
      END
      $fn$;

      CREATE TRIGGER bookings_held_insert AFTER INSERT ON bookings
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION held_seats_follow('requested');
      CREATE TRIGGER bookings_held_update AFTER UPDATE ON bookings
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION held_seats_follow('requested');
      CREATE TRIGGER bookings_held_delete AFTER DELETE ON bookings
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION held_seats_follow('requested');
      CREATE TRIGGER waitlist_held_insert AFTER INSERT ON waitlist_entries
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION held_seats_follow('offered');
      CREATE TRIGGER waitlist_held_update AFTER UPDATE ON waitlist_entries
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION held_seats_follow('offered');
      CREATE TRIGGER waitlist_held_delete AFTER DELETE ON waitlist_entries
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION held_seats_follow('offered');

      -- Only the old count read it; every booking insert no longer pays for it.
      DROP INDEX bookings_user_requested;
    `,
  },
  {
    version: 8,
    name: 'lock_held_seats',
    // The held-seat check's lock and read in one call (server/src/bookings/held-seats.ts): the
    // per-user advisory locks in one order, then the count. A VOLATILE function takes a new
    // snapshot for each statement in it, so the count is read after the locks were granted and
    // sees what the transactions it waited for committed; as one SQL statement the read would
    // miss them, which is why the lock was a round trip of its own (docs/decisions/015-held-seats-counter.md).
    // 17017 is the locks' namespace (the first key of pg_advisory_xact_lock(int, int)): no other
    // lock in server/src uses it. Nothing stored changes.
    sql: `
      CREATE FUNCTION lock_held_seats(users text[]) RETURNS TABLE (user_id text, seats integer)
      LANGUAGE plpgsql VOLATILE AS $fn$
      #variable_conflict use_column
      BEGIN
        PERFORM pg_advisory_xact_lock(17017, k)
          FROM (SELECT DISTINCT hashtext(u) AS k FROM unnest(users) AS u ORDER BY k) AS keys;
        RETURN QUERY SELECT h.user_id, h.seats FROM held_seats h WHERE h.user_id = ANY(users);
      END
      $fn$;
    `,
  },
  {
    version: 11,
    name: 'session cookies signed out of',
    // A hash (never the cookie) of each session cookie its user signed out of, until the cookie
    // would have expired: every process refuses it afterwards, while the user's other devices
    // stay signed in (server/src/auth/session-guard.ts).
    sql: `
      CREATE TABLE signed_out_sessions (
        cookie_hash text PRIMARY KEY,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX signed_out_sessions_expiry ON signed_out_sessions (expires_at);
    `,
  },
  {
    version: 12,
    name: 'emails to addresses nobody verified',
    // The account an email went to while its address was unverified: at most
    // UNVERIFIED_EMAILS_PER_DAY such emails a day are queued for it (server/src/mail/outbox.ts).
    // unverified_addresses: the addresses accounts signed in with while email_verified was false,
    // kept by the API (server/src/mail/unverified.ts) until the account verifies.
    sql: `
      CREATE TABLE unverified_addresses (
        email text PRIMARY KEY,
        user_id text NOT NULL
      );
      ALTER TABLE outbox ADD COLUMN unverified_user text;
      CREATE INDEX outbox_unverified ON outbox (unverified_user, created_at)
        WHERE unverified_user IS NOT NULL;
    `,
  },
  {
    version: 16,
    name: 'catalogue in the database',
    sql: `
      -- The catalogue (contracts/catalogue.ts), filled once from public/packages.json by
      -- server/src/catalog/seed.ts. Lists and days are jsonb: they are always read and written
      -- whole with their package. images: [{id, alt, hash, width, height, widths}] in order, the
      -- first the cover; the bytes are in image_variants.
      CREATE TABLE packages (
        id text PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL,
        price integer NOT NULL CHECK (price BETWEEN 1 AND 100000),
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
        duration_days integer CHECK (duration_days BETWEEN 1 AND 60),
        itinerary jsonb NOT NULL DEFAULT '[]',
        includes jsonb NOT NULL DEFAULT '[]',
        excludes jsonb NOT NULL DEFAULT '[]',
        questions jsonb NOT NULL DEFAULT '[]',
        images jsonb NOT NULL DEFAULT '[]',
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- Re-encoded images, content-addressed: /images/<hash>.<width>.<format>.
      CREATE TABLE image_variants (
        hash text NOT NULL,
        width integer NOT NULL,
        format text NOT NULL CHECK (format IN ('avif', 'webp')),
        bytes bytea NOT NULL,
        PRIMARY KEY (hash, width, format)
      );
      -- One row: bumped by every catalogue change (each process compares it with its copy's), and
      -- when the seed ran (it runs once, whatever the operators delete later).
      CREATE TABLE catalogue_state (
        id integer PRIMARY KEY CHECK (id = 1),
        version bigint NOT NULL DEFAULT 0,
        seeded_at timestamptz
      );
      INSERT INTO catalogue_state (id) VALUES (1);
      -- A departure's own price in whole dollars; NULL sells at the package's.
      ALTER TABLE departures ADD COLUMN price integer CHECK (price BETWEEN 1 AND 100000);
      -- Answers to the package's questions, keyed by question id.
      ALTER TABLE booking_guests ADD COLUMN answers jsonb NOT NULL DEFAULT '{}';
      -- Which package a catalogue audit row is about.
      ALTER TABLE audit_events ADD COLUMN package_id text;
      -- A catalogue row is about a package, not a booking or a departure. NOT VALID: the rows
      -- already there met the old rule, so a large trail is not scanned again.
      ALTER TABLE audit_events DROP CONSTRAINT audit_events_check;
      ALTER TABLE audit_events ADD CONSTRAINT audit_events_subject
        CHECK (booking_id IS NOT NULL OR departure_id IS NOT NULL OR package_id IS NOT NULL) NOT VALID;
    `,
  },
  {
    version: 20,
    name: 'staff roles, guides on departures, bookings made by staff',
    // The staff (docs/decisions/029-staff-roles.md): the Firebase claim is the truth about a role;
    // this table is its index (who has a role, without listing every account), written with the
    // audit row of each change. Guides are assigned per departure. A booking made by staff belongs
    // to no account until a signed-in user with its verified email claims it: its user_id is the
    // marker '!unclaimed' (no Firebase uid starts with '!'), found by its email through the index.
    // Adds only.
    sql: `
      CREATE TABLE staff (
        uid text PRIMARY KEY,
        email text,
        role text NOT NULL CHECK (role IN ('owner', 'operator', 'guide')),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE departure_guides (
        departure_id uuid NOT NULL REFERENCES departures (id),
        uid text NOT NULL,
        PRIMARY KEY (departure_id, uid)
      );
      CREATE INDEX departure_guides_uid ON departure_guides (uid);
      -- The staff's audit trail (audit_events rows are about a booking or a departure): who
      -- changed whose role (the account's uid, no personal data of theirs), from what to what.
      CREATE TABLE staff_events (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        actor text NOT NULL,
        staff_uid text NOT NULL,
        from_role text,
        to_role text
      );
      CREATE INDEX bookings_unclaimed_email ON bookings (lower(email)) WHERE user_id = '!unclaimed';
    `,
  },
  {
    version: 23,
    name: 'guest_links',
    // Each traveller fills in their own details (server/src/guest-links): one personal link per
    // guest, its token kept only as its SHA-256 (docs/decisions/030-guest-links.md). A new
    // invitation or reminder replaces the row's hash, so the old link names nothing. The row goes
    // with its guest (a smaller party drops it). The invited address is kept to send reminders to.
    // guest_reminders: the right to send a guest's reminder of a kind, claimed once per guest
    // across any number of processes (the same claim as \`reminders\`, server/src/reminders).
    sql: `
      CREATE TABLE guest_links (
        booking_id uuid NOT NULL,
        position integer NOT NULL CHECK (position BETWEEN 1 AND 11),
        token_hash text NOT NULL UNIQUE,
        email text NOT NULL,
        invited_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (booking_id, position),
        FOREIGN KEY (booking_id, position) REFERENCES booking_guests (booking_id, position) ON DELETE CASCADE
      );
      CREATE TABLE guest_reminders (
        booking_id uuid NOT NULL,
        position integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('details')),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (booking_id, position, kind),
        FOREIGN KEY (booking_id, position) REFERENCES booking_guests (booking_id, position) ON DELETE CASCADE
      );
    `,
  },
  {
    version: 26,
    name: 'console at scale: trigram search, the package filter index, active bookings counted on departures',
    // docs/decisions/031-console-at-scale.md. Nothing stored changes and no table is rewritten:
    // bookings gains two indexes (plain CREATE INDEX: seconds on a million rows, and the
    // migration runner's transaction cannot run CONCURRENTLY), departures one column (a few
    // thousand rows), filled from the bookings and then kept by statement triggers.
    // pg_trgm goes into public, whatever the search_path: an extension lives once per database,
    // and one made inside a schema would go with that schema. The exception block: two processes
    // creating it at the same moment (parallel test schemas) race on its catalogue row.
    sql: `
      DO $ext$ BEGIN
        CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
      EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
      END $ext$;
      -- The console's search (server/src/admin/bookings-queries.ts): reference, name and email in
      -- one text, joined by a character a search can never hold (control characters are refused),
      -- so a match never spans two of them.
      CREATE INDEX bookings_search ON bookings
        USING gin ((reference || chr(31) || name || chr(31) || email) public.gin_trgm_ops);
      -- The package filter, newest first: a package holds a small share of the bookings, too
      -- few to find by walking bookings_created.
      CREATE INDEX bookings_package_created ON bookings (package_id, created_at DESC, id DESC);

      ALTER TABLE departures ADD COLUMN active_bookings integer NOT NULL DEFAULT 0;
      UPDATE departures d SET active_bookings = s.n
        FROM (SELECT departure_id, count(*)::int AS n FROM bookings
              WHERE status <> 'cancelled' AND departure_id IS NOT NULL GROUP BY departure_id) s
        WHERE d.id = s.departure_id;

      -- As held_seats_follow (version 7): one UPDATE a statement, departures in id order (the
      -- order the booking batch locks them in). Statements that change no count touch nothing.
      CREATE FUNCTION active_bookings_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE departures d SET active_bookings = d.active_bookings + c.n
            FROM (SELECT departure_id, count(*)::int AS n FROM new_rows
                  WHERE status <> 'cancelled' AND departure_id IS NOT NULL
                  GROUP BY departure_id ORDER BY departure_id) c
            WHERE d.id = c.departure_id;
        ELSIF TG_OP = 'UPDATE' THEN
          UPDATE departures d SET active_bookings = d.active_bookings + c.n
            FROM (SELECT departure_id, sum(n)::int AS n FROM (
                    SELECT departure_id, 1 AS n FROM new_rows WHERE status <> 'cancelled'
                    UNION ALL
                    SELECT departure_id, -1 FROM old_rows WHERE status <> 'cancelled'
                  ) x WHERE departure_id IS NOT NULL
                  GROUP BY departure_id HAVING sum(n) <> 0 ORDER BY departure_id) c
            WHERE d.id = c.departure_id;
        ELSE
          UPDATE departures d SET active_bookings = d.active_bookings - c.n
            FROM (SELECT departure_id, count(*)::int AS n FROM old_rows
                  WHERE status <> 'cancelled' AND departure_id IS NOT NULL
                  GROUP BY departure_id ORDER BY departure_id) c
            WHERE d.id = c.departure_id;
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER bookings_active_insert AFTER INSERT ON bookings
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION active_bookings_follow();
      CREATE TRIGGER bookings_active_update AFTER UPDATE ON bookings
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION active_bookings_follow();
      CREATE TRIGGER bookings_active_delete AFTER DELETE ON bookings
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION active_bookings_follow();
    `,
  },
  {
    version: 33,
    name: 'a waiting-list entry can be closed (the party no longer fits the date)',
    sql: `
      ALTER TABLE waitlist_entries DROP CONSTRAINT waitlist_entries_status_check;
      ALTER TABLE waitlist_entries ADD CONSTRAINT waitlist_entries_status_check
        CHECK (status IN ('waiting', 'offered', 'booked', 'left', 'expired', 'closed'));
    `,
  },
  {
    version: 40,
    name: 'a go/no-go date per departure, and move offers holding seats on another date',
    // decide_by: the go/no-go date (contracts/departure-risk.ts). Existing departures get the
    // default of DECISION_DAYS (30) before they start; the server sets it on every departure it
    // adds (its DECISION_DAYS), and the trigger gives any other insert (scripts, tests) the default.
    // move_offers: docs/decisions/040-move-offers-hold-seats.md. While 'open' its travellers are
    // counted in the target's seats_taken, like an open waiting-list offer's.
    sql: `
      ALTER TABLE departures ADD COLUMN decide_by date;
      UPDATE departures SET decide_by = starts_on - 30;
      ALTER TABLE departures ALTER COLUMN decide_by SET NOT NULL,
        ADD CONSTRAINT departures_decide_by_before_start CHECK (decide_by <= starts_on);
      CREATE FUNCTION departures_decide_by_default() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF NEW.decide_by IS NULL THEN NEW.decide_by := NEW.starts_on - 30; END IF;
        RETURN NEW;
      END
      $fn$;
      CREATE TRIGGER departures_decide_by BEFORE INSERT ON departures
        FOR EACH ROW EXECUTE FUNCTION departures_decide_by_default();

      CREATE TABLE move_offers (
        id uuid PRIMARY KEY,
        booking_id uuid NOT NULL REFERENCES bookings (id),
        from_departure_id uuid NOT NULL REFERENCES departures (id),
        to_departure_id uuid NOT NULL REFERENCES departures (id),
        travellers integer NOT NULL CHECK (travellers BETWEEN 1 AND 12),
        status text NOT NULL DEFAULT 'open'
          CHECK (status IN ('open', 'accepted', 'declined', 'expired', 'withdrawn')),
        message text,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- One open offer a booking; the seats held on a date; the sweeper's due offers.
      CREATE UNIQUE INDEX move_offers_open_booking ON move_offers (booking_id) WHERE status = 'open';
      CREATE INDEX move_offers_open_target ON move_offers (to_departure_id) WHERE status = 'open';
      CREATE INDEX move_offers_open_expiry ON move_offers (expires_at) WHERE status = 'open';
    `,
  },
  {
    version: 41,
    name: 'the overview: seats awaiting confirmation per departure, travellers in bookings_created',
    // The overview (server/src/overview/queries.ts; docs/decisions/041-overview-charts.md) reads
    // from indexes alone, never from the bookings' rows:
    // - each departure's requested seats from bookings_requested_seats (partial: only the bookings
    //   awaiting confirmation); its confirmed seats are what is left of departures.seats_taken;
    // - the bookings received per week from bookings_created, which now carries each booking's
    //   travellers: same columns, same order, so every read that used it still does, and a
    //   booking still writes the same number of indexes.
    // Nothing stored changes; two index builds on a million bookings take seconds.
    sql: `
      CREATE INDEX bookings_requested_seats ON bookings (departure_id) INCLUDE (travellers)
        WHERE status = 'requested';
      CREATE INDEX bookings_created_travellers ON bookings (created_at DESC, id DESC) INCLUDE (travellers);
      DROP INDEX bookings_created;
      ALTER INDEX bookings_created_travellers RENAME TO bookings_created;
    `,
  },
  {
    version: 45,
    name: 'the search index without a pending list, and statistics that tell a common search from a rare one',
    // docs/decisions/045-search-on-a-million-bookings.md. No table is rewritten, no index rebuilt.
    // - fastupdate off: with it on, each booking's trigrams went to a pending list that the
    //   booking which filled it (~900 bookings) moved into the index inside its own request, a
    //   second or more while its departure stayed locked: the p99 of POST /api/bookings. Off,
    //   every booking pays a little (its trigrams go straight in) and none pays that. What is
    //   pending now is moved in here, once.
    // - 1,000 histogram entries for the search text (default 100): the planner reads a search's
    //   share of the bookings there. With 100 a surname on 1.25 % of them often matched none of
    //   the entries and was taken for 100 rows: the trigram bitmap, 12,000 rows read and sorted
    //   (~0.3-1.4 s) where walking bookings_created newest first finds a page in ~4,500 rows. The
    //   ANALYZE makes it count now, not at autovacuum's next pass.
    sql: `
      ALTER INDEX bookings_search SET (fastupdate = off);
      SELECT gin_clean_pending_list('bookings_search'::regclass);
      ALTER INDEX bookings_search ALTER COLUMN 1 SET STATISTICS 1000;
      ANALYZE bookings;
    `,
  },
  {
    version: 46,
    name: "each departure's travellers and those with complete details, counted as they change",
    // docs/decisions/046-departure-traveller-counts.md. The console's departures list showed "N of
    // M travellers complete" by counting the guests of every active booking of every departure it
    // listed: 5 s for 5,000 departures over a million bookings. The counts now live in a table of
    // their own, one row a departure, kept by statement triggers on booking_guests (a traveller
    // added, removed or edited) and bookings (a booking cancelled, restored or moved to another
    // date). Not columns of departures: the booking paths lock a departure's row for its seats,
    // and a traveller's details saved under a booking's lock would then wait on it; here the
    // count's row is the last lock any transaction takes. Nothing stored changes; the counts are
    // filled from the rows as they are (a few seconds over two million guests).
    // "Complete" is contracts/guests.ts guestComplete: name, date of birth, emergency name and phone.
    // A statement that inserts bookings with their guests (bookings/writer.ts) is counted once, by
    // the guests' trigger: the bookings' trigger counts only a change of status or date.
    sql: `
      CREATE TABLE departure_travellers (
        departure_id uuid PRIMARY KEY REFERENCES departures (id),
        total integer NOT NULL DEFAULT 0,
        complete integer NOT NULL DEFAULT 0
      );
      CREATE FUNCTION guest_is_complete(full_name text, date_of_birth date, emergency_name text,
        emergency_phone text) RETURNS integer LANGUAGE sql IMMUTABLE AS $fn$
        SELECT CASE WHEN full_name <> '' AND date_of_birth IS NOT NULL AND emergency_name <> ''
          AND emergency_phone <> '' THEN 1 ELSE 0 END
      $fn$;
      INSERT INTO departure_travellers (departure_id, total, complete)
        SELECT b.departure_id, count(*)::int,
          sum(guest_is_complete(g.full_name, g.date_of_birth, g.emergency_name, g.emergency_phone))::int
        FROM booking_guests g JOIN bookings b ON b.id = g.booking_id
        WHERE b.status <> 'cancelled' AND b.departure_id IS NOT NULL
        GROUP BY b.departure_id;

      -- Adds a statement's changes (departure, travellers, complete) in departure order, the order
      -- every other path locks departures in.
      CREATE FUNCTION departure_travellers_add(changes jsonb) RETURNS void LANGUAGE sql AS $fn$
${addTravellerChanges}
      $fn$;

      -- Travellers added, removed or edited: counted on their booking's date while it is active.
      CREATE FUNCTION departure_travellers_follow_guests() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE changes jsonb;
      BEGIN
        IF TG_OP = 'INSERT' THEN
          SELECT jsonb_agg(jsonb_build_object('d', b.departure_id, 't', 1, 'c',
              guest_is_complete(n.full_name, n.date_of_birth, n.emergency_name, n.emergency_phone)))
            INTO changes
            FROM new_rows n JOIN bookings b ON b.id = n.booking_id
            WHERE b.status <> 'cancelled' AND b.departure_id IS NOT NULL;
        ELSIF TG_OP = 'UPDATE' THEN
          SELECT jsonb_agg(jsonb_build_object('d', b.departure_id, 't', 0, 'c',
              guest_is_complete(n.full_name, n.date_of_birth, n.emergency_name, n.emergency_phone)
              - guest_is_complete(o.full_name, o.date_of_birth, o.emergency_name, o.emergency_phone)))
            INTO changes
            FROM new_rows n JOIN old_rows o USING (booking_id, position)
            JOIN bookings b ON b.id = n.booking_id
            WHERE b.status <> 'cancelled' AND b.departure_id IS NOT NULL
              AND guest_is_complete(n.full_name, n.date_of_birth, n.emergency_name, n.emergency_phone)
                <> guest_is_complete(o.full_name, o.date_of_birth, o.emergency_name, o.emergency_phone);
        ELSE
          SELECT jsonb_agg(jsonb_build_object('d', b.departure_id, 't', -1, 'c',
              -guest_is_complete(o.full_name, o.date_of_birth, o.emergency_name, o.emergency_phone)))
            INTO changes
            FROM old_rows o JOIN bookings b ON b.id = o.booking_id
            WHERE b.status <> 'cancelled' AND b.departure_id IS NOT NULL;
        END IF;
        IF changes IS NOT NULL THEN PERFORM departure_travellers_add(changes); END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER booking_guests_travellers_insert AFTER INSERT ON booking_guests
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION departure_travellers_follow_guests();
      CREATE TRIGGER booking_guests_travellers_update AFTER UPDATE ON booking_guests
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION departure_travellers_follow_guests();
      CREATE TRIGGER booking_guests_travellers_delete AFTER DELETE ON booking_guests
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION departure_travellers_follow_guests();

      -- A booking cancelled or restored, or moved to another date: its travellers as they are
      -- leave the date it was counted on and join the one it is counted on now.
      CREATE FUNCTION departure_travellers_follow_bookings() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE changes jsonb;
      BEGIN
        WITH moved AS (
          SELECT n.id,
            CASE WHEN o.status <> 'cancelled' THEN o.departure_id END AS was,
            CASE WHEN n.status <> 'cancelled' THEN n.departure_id END AS now
          FROM new_rows n JOIN old_rows o USING (id)
          WHERE (n.status <> 'cancelled') IS DISTINCT FROM (o.status <> 'cancelled')
             OR n.departure_id IS DISTINCT FROM o.departure_id
        ), counted AS (
          SELECT m.was, m.now, count(*)::int AS t,
            coalesce(sum(guest_is_complete(g.full_name, g.date_of_birth, g.emergency_name, g.emergency_phone)), 0)::int AS c
          FROM moved m JOIN booking_guests g ON g.booking_id = m.id
          GROUP BY m.id, m.was, m.now
        )
        SELECT jsonb_agg(x) INTO changes FROM (
          SELECT jsonb_build_object('d', was, 't', -t, 'c', -c) AS x FROM counted WHERE was IS NOT NULL
          UNION ALL
          SELECT jsonb_build_object('d', now, 't', t, 'c', c) FROM counted WHERE now IS NOT NULL
        ) y;
        IF changes IS NOT NULL THEN PERFORM departure_travellers_add(changes); END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER bookings_travellers_update AFTER UPDATE ON bookings
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION departure_travellers_follow_bookings();
    `,
  },
  {
    version: 47,
    name: 'sent emails whose content is still kept, by date',
    // server/src/me/repository.ts purgeSentEmails empties sent emails' payloads OUTBOX_RETENTION_DAYS
    // after sending, a batch at a time: this index finds a batch without reading the outbox
    // (millions of rows, nearly all already emptied). Partial, so it holds only the emails still
    // waiting for that.
    sql: `
      CREATE INDEX outbox_sent_payloads ON outbox (sent_at)
        WHERE status = 'sent' AND payload <> '{}'::jsonb;
    `,
  },
  {
    version: 48,
    name: 'the search index takes new bookings into its pending list, moved in by every process',
    // docs/decisions/048-search-index-flushed-in-the-background.md. Each booking's trigrams went
    // straight into bookings_search (version 45): 0.13-0.2 ms of PostgreSQL per booking, a third
    // of what a booking costs it. Now they go to the pending list, and
    // server/src/admin/search-index.ts moves the list into the index every 2 s, in bulk, outside
    // any request. The limit (64 MB, about 14,000 bookings) is only reached if no process has
    // moved it in for that long: then the booking that reaches it moves it in, as before version
    // 45. No index is rebuilt.
    sql: `
      ALTER INDEX bookings_search SET (fastupdate = on, gin_pending_list_limit = 65536);
    `,
  },
  {
    version: 49,
    name: "the console's cancelled bookings, newest first, from an index of their own",
    // GET /api/admin/bookings?status= walks bookings_created newest first and skips the other
    // statuses: cheap for a status the newest bookings often have (new bookings are requested,
    // then confirmed), not for cancelled: on a million bookings the newest 51 cancelled ones lay
    // among the newest ~6,700, 5 ms of PostgreSQL a page and a p95 of 115-133 ms under 20 clients
    // (npm run bench:data). Partial, so a new booking adds nothing to it: an index of every status
    // (status, created_at, id) took 10-20 % off the bookings a second the same benchmark made.
    // The query names the status as a constant (server/src/admin/bookings-queries.ts), so its
    // prepared plan can use this index. Plain CREATE INDEX, no table rewritten: a few seconds on a
    // million bookings, writes to bookings waiting meanwhile.
    sql: `
      CREATE INDEX bookings_cancelled_created ON bookings (created_at DESC, id DESC)
        WHERE status = 'cancelled';
    `,
  },
  {
    version: 50,
    name: "the console's search reads a narrow table of its own, kept by triggers on bookings",
    // docs/decisions/051-search-table.md. A search for common text (part of a surname) walks the
    // bookings newest first until a page of them matches: on a million bookings ~12,000 rows, each
    // a bookings row read from anywhere in the table and lower-cased for ILIKE, 15-22 ms of
    // PostgreSQL. Here each booking's reference, name and email are one text, lower-cased once when
    // written, in an index that walks newest first and holds the text itself (an index-only scan,
    // a plain LIKE): 2-3 ms for the same walk. The trigram index moves with the text: rare text
    // still finds its few rows through it. No bookings row is rewritten: the table is filled from
    // the bookings in one INSERT, and bookings loses an index (bookings_search).
    // An insert-only table is otherwise vacuumed after 20 % more rows (years at a brand's rate);
    // an index-only scan must read each row's page whose rows are not all known visible, so it is
    // vacuumed every 10,000 new bookings instead (only the pages changed since: cheap).
    // The first statement locks bookings against writes (the lock its foreign key takes), so no
    // booking is stored between the copy and the triggers; reads go on until the index is dropped,
    // last. The foreign key is added after the copy, checked in one pass: declared on the empty
    // table, it checked each copied row on its own, 24 s of a million-row copy's 33 s on a slow
    // machine (npm run bench:data: the migration took 52-54 s there, against a budget of 60).
    // Edited after it landed (2026-11-27): the same table, constraint and rows as before.
    sql: `
      LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE;
      CREATE TABLE booking_search (
        id uuid PRIMARY KEY,
        created_at timestamptz NOT NULL,
        text text NOT NULL
      ) WITH (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000);
      INSERT INTO booking_search (id, created_at, text)
        SELECT id, created_at, lower(reference || chr(31) || name || chr(31) || email)
          FROM bookings ORDER BY created_at, id;
      ALTER TABLE booking_search ADD CONSTRAINT booking_search_id_fkey
        FOREIGN KEY (id) REFERENCES bookings (id) ON DELETE CASCADE;
      CREATE INDEX booking_search_created ON booking_search (created_at DESC, id DESC) INCLUDE (text);
      -- As bookings_search was since version 48: new rows wait in a pending list that
      -- server/src/admin/search-index.ts moves in every 2 s.
      CREATE INDEX booking_search_text ON booking_search USING gin (text public.gin_trgm_ops)
        WITH (fastupdate = on, gin_pending_list_limit = 65536);
      -- As version 45 did for bookings_search: enough of a histogram for the planner to tell
      -- common text (walk newest first) from rare text (the trigram index).
      ALTER TABLE booking_search ALTER COLUMN text SET STATISTICS 1000;
      ANALYZE booking_search;

      -- Written in the booking's own statement and transaction: a booking is searchable as soon as
      -- it is stored, and an erased name or email (server/src/me/repository.ts) leaves no copy.
      -- The chr(31) between the fields, which a search never holds (control characters are
      -- refused), keeps a match within one field.
      CREATE FUNCTION booking_search_follow() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO booking_search (id, created_at, text)
            SELECT id, created_at, lower(reference || chr(31) || name || chr(31) || email) FROM new_rows;
        ELSE
          UPDATE booking_search s
             SET text = lower(NEW.reference || chr(31) || NEW.name || chr(31) || NEW.email)
           WHERE s.id = NEW.id;
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER bookings_search_insert AFTER INSERT ON bookings
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION booking_search_follow();
      -- Only an update that changes one of the three runs anything: a status change does not.
      CREATE TRIGGER bookings_search_update AFTER UPDATE OF reference, name, email ON bookings
        FOR EACH ROW
        WHEN ((OLD.reference, OLD.name, OLD.email) IS DISTINCT FROM (NEW.reference, NEW.name, NEW.email))
        EXECUTE FUNCTION booking_search_follow();
      -- Last: dropping an index locks bookings against reads too, until the migration commits.
      DROP INDEX bookings_search;
    `,
  },
  {
    version: 51,
    name: "a booking's search text written by one function; traveller counts added through a cached plan",
    // Nothing stored changes and no table is read: both functions are replaced in place.
    // - booking_search_text: the text version 50 writes (reference, name and email, lower-cased,
    //   chr(31) between them) had one copy in each branch of its trigger; it now has one home, and
    //   being one IMMUTABLE SQL expression it is inlined where it is called, as the copies were.
    // - departure_travellers_add (version 46) was a SQL function holding an INSERT: PostgreSQL plans
    //   such a function again on every call, and every statement that stores bookings calls it once
    //   through the guests' trigger. In PL/pgSQL its plan is kept for the connection. Measured on
    //   PostgreSQL 15, batches of 8 bookings through the booking writer (bookings/writer.ts), one
    //   client: that trigger took 0.18-0.20 ms a batch instead of 0.37-0.64 (EXPLAIN ANALYZE); in
    //   two runs of four alternating rounds of 300 batches, PostgreSQL's CPU a batch was 0.2-0.3 ms
    //   lower (of 4.4-5.4) in three rounds of four. Small, and most for small batches: several
    //   server processes split the bookings into smaller batches.
    sql: `
      CREATE FUNCTION booking_search_text(reference text, name text, email text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
        SELECT lower(reference || chr(31) || name || chr(31) || email)
      $fn$;
${bookingSearchFollow({
  insert: `INSERT INTO booking_search (id, created_at, text)
            SELECT id, created_at, booking_search_text(reference, name, email) FROM new_rows;`,
  update: `UPDATE booking_search s SET text = booking_search_text(NEW.reference, NEW.name, NEW.email)
           WHERE s.id = NEW.id;`,
})}
      CREATE OR REPLACE FUNCTION departure_travellers_add(changes jsonb) RETURNS void
        LANGUAGE plpgsql AS $fn$
      BEGIN
${addTravellerChanges};
      END
      $fn$;
    `,
  },
  {
    version: 52,
    name: 'traveller counts join by key whatever the statistics',
    // The traveller-count triggers (version 46) join a statement's transition table (its own rows:
    // one batch) to bookings or booking_guests by key. The query has no parameters, so PL/pgSQL
    // plans it once per connection and keeps the plan until the table is analyzed again. Planned
    // while bookings held 3,600 rows, for a batch of 50 travellers, it was a hash join over a
    // sequential scan of bookings (auto_explain), which then read the whole table on every insert
    // of travellers while bookings grew: in some runs of `npm run bench:api` PostgreSQL's CPU a
    // booking doubled until the next ANALYZE. Without hash and merge joins the plan is a nested
    // loop on the key, right at any size of either side. Nothing stored changes.
    sql: `
      ALTER FUNCTION departure_travellers_follow_guests() SET enable_hashjoin = off SET enable_mergejoin = off;
      ALTER FUNCTION departure_travellers_follow_bookings() SET enable_hashjoin = off SET enable_mergejoin = off;
    `,
  },
  {
    version: 53,
    name: "a booking's search text carries its package, for a search within one package",
    // docs/decisions/058-search-within-a-package.md. A search with a package filter read every
    // booking of the package through bookings and booking_search, or walked every booking's search
    // text probing bookings for the package: on a million bookings, for short or common text,
    // 10-115 ms warm and up to 816 ms cold with the search table's visibility map set (60-300 ms in
    // the first probes, taken with it unset). With the package beside the text, in an index that
    // walks one package newest first and holds the text, it reads that package's entries only.
    // The table is built again rather than altered: a column filled by UPDATE would write every
    // row again, and every row's trigrams into the GIN index with it. As version 50 did: bookings
    // is locked against writes first (a booking's package never changes afterwards: no statement
    // updates it), the new table is filled and indexed under temporary names, and the old one
    // goes last, so console searches wait only for the renames.
    sql: `
      LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE;
${rebuildSearchTable(`
      INSERT INTO booking_search_next (id, created_at, package_id, text)
        SELECT id, created_at, package_id, booking_search_text(reference, name, email)
          FROM bookings ORDER BY created_at, id;
`)}
${bookingSearchFollow({
  insert: `INSERT INTO booking_search (id, created_at, package_id, text)
            SELECT id, created_at, package_id, booking_search_text(reference, name, email) FROM new_rows;`,
  update: `UPDATE booking_search s SET text = booking_search_text(NEW.reference, NEW.name, NEW.email)
           WHERE s.id = NEW.id;`,
})}
    `,
  },
  {
    version: 54,
    name: "packages' and departures' prices in cents",
    // docs/decisions/061-money-in-cents.md. Money had two units: packages and departures stored
    // whole dollars, bookings cents. Every stored price is kept: $1,450 becomes 145000 cents. The
    // checks keep the bounds the catalogue's editor takes (1 to 100,000 dollars) and whole dollars,
    // which the API's whole-dollar `price` fields (contracts/catalogue.ts) write without loss.
    sql: `
      ALTER TABLE packages ADD COLUMN price_cents integer;
      UPDATE packages SET price_cents = price * 100;
      ALTER TABLE packages ALTER COLUMN price_cents SET NOT NULL;
      ALTER TABLE packages ADD CONSTRAINT packages_price_cents
        CHECK (price_cents BETWEEN 100 AND 10000000 AND price_cents % 100 = 0);
      ALTER TABLE packages DROP COLUMN price;
      -- NULL still sells at the package's price.
      ALTER TABLE departures ADD COLUMN price_cents integer CONSTRAINT departures_price_cents
        CHECK (price_cents BETWEEN 100 AND 10000000 AND price_cents % 100 = 0);
      UPDATE departures SET price_cents = price * 100 WHERE price IS NOT NULL;
      ALTER TABLE departures DROP COLUMN price;
      -- The catalogue's cards say "from $X" when a package's upcoming dates differ in price
      -- (server/src/catalog/repository.ts reads it with the packages): a statement that adds,
      -- removes or reprices departures, or changes their status or date, bumps the catalogue's
      -- version and tells every process, as a package's change does. Seat counts never fire it.
      CREATE FUNCTION departures_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE v bigint;
      BEGIN
        UPDATE catalogue_state SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
        PERFORM pg_notify('wayfarer_catalogue', v::text);
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER departures_catalogue_version
        AFTER INSERT OR DELETE OR UPDATE OF price_cents, status, starts_on ON departures
        FOR EACH STATEMENT EXECUTE FUNCTION departures_catalogue_version();
    `,
  },
  {
    version: 55,
    name: 'claims match addresses on ASCII lower case; deleted accounts remembered',
    // - Phone bookings are claimed by the account whose verified address equals theirs with A-Z
    //   lower-cased and nothing else folded (server/src/bookings/claim.ts,
    //   docs/decisions/062-claims-match-ascii-lower-case.md): the index follows the expression.
    // - guest_links.lead_name: below.
    // - deleted_accounts: the uid of an account deleted through DELETE /api/me, until any token
    //   a process may still trust for it has expired (server/src/auth/deleted-accounts.ts), so
    //   every process refuses it at once. A uid is no personal data of a deleted account.
    sql: `
      CREATE INDEX bookings_unclaimed_email_ascii
        ON bookings (translate(email, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'))
        WHERE user_id = '!unclaimed';
      DROP INDEX bookings_unclaimed_email;
      CREATE TABLE deleted_accounts (
        uid text PRIMARY KEY,
        until timestamptz NOT NULL
      );
      CREATE INDEX deleted_accounts_until ON deleted_accounts (until);
      -- Who an invitation is from: the inviting account's display name
      -- (server/src/guest-links/lead-name.ts), for the link's page and its reminders; '' for the
      -- links made before, which read as a neutral phrase.
      ALTER TABLE guest_links ADD COLUMN lead_name text NOT NULL DEFAULT '';
    `,
  },
  {
    version: 56,
    name: 'images no package uses are marked, then purged',
    // server/src/catalog/image-purge.ts: since when no package has referred to a variant's image;
    // it is deleted once that is longer ago than the grace period. NULL: in use (or not looked
    // at yet). Adds a column only.
    sql: `
      ALTER TABLE image_variants ADD COLUMN unused_since timestamptz;
    `,
  },
  {
    version: 57,
    name: 'a move offer carries its price, and a personal link for a party without an account',
    // A move is the brand's doing, so it never raises what a party pays: the offer is made at the
    // lower of the booking's price and the new date's (server/src/moves/repository.ts), stated in
    // the email and on My bookings, and accepting it takes that price. Offers made before this
    // have none (null): accepting one keeps the booking's price.
    // A booking staff entered for someone without an account (a phone booking) has no My
    // bookings to answer in: its offer carries the SHA-256 of a personal link's token
    // (/moves/{token}, as guest links do: docs/decisions/030-guest-links.md), sent in its email.
    sql: `
      ALTER TABLE move_offers ADD COLUMN IF NOT EXISTS price_cents integer CHECK (price_cents >= 0);
      ALTER TABLE move_offers ADD COLUMN IF NOT EXISTS answer_token_hash text;
      CREATE UNIQUE INDEX IF NOT EXISTS move_offers_answer_token ON move_offers (answer_token_hash)
        WHERE answer_token_hash IS NOT NULL;
    `,
  },
  {
    version: 58,
    name: "a booking's search text carries its companions' names",
    // docs/decisions/064-companions-in-search.md. The console's search found a booking by its
    // reference, the lead's name and email only: a companion's surname (a traveller after the
    // first, typed later on the details form or their personal link) found nothing. Their names
    // join the booking's search text, after the email, chr(31) between them as between the other
    // fields, so the same trigram and newest-first indexes answer (no other table is read by a
    // search, no sequential scan). Kept by a trigger on booking_guests that rewrites the text of a
    // booking only when a companion's name changes, is added or goes (a details save, a smaller
    // party, an erasure); a new booking's companions are blank, so a booking batch writes nothing
    // more. The stored bookings with named companions get theirs once, here.
    // Edited before it landed (2026-12-04): the table built again instead of updated (below).
    sql: `
      CREATE FUNCTION booking_search_text(reference text, name text, email text, companions text)
        RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
        SELECT lower(reference || chr(31) || name || chr(31) || email
          || CASE WHEN companions = '' THEN '' ELSE chr(31) || companions END)
      $fn$;
      -- A booking's companions (every traveller after the first with a name), in order: read
      -- through booking_guests' primary key.
      CREATE FUNCTION booking_search_companions(booking uuid) RETURNS text
        LANGUAGE sql STABLE PARALLEL SAFE AS $fn$
        SELECT coalesce(string_agg(full_name, chr(31) ORDER BY position), '')
          FROM booking_guests WHERE booking_id = booking AND position >= 1 AND full_name <> ''
      $fn$;

      -- The stored texts again, with their companions: the table is built again, as version 53
      -- did, rather than updated. An UPDATE wrote each booking with named companions (most of a
      -- trading brand's) into both text indexes again: 97 s on a million bookings on a quiet
      -- machine (npm run bench:data), against a migration's 60 s. Bookings and their travellers
      -- are locked against writes first, so no name changes between the copy and the triggers
      -- below; console searches wait only for the renames.
      LOCK TABLE bookings IN SHARE ROW EXCLUSIVE MODE;
      LOCK TABLE booking_guests IN SHARE ROW EXCLUSIVE MODE;
${rebuildSearchTable(`
      INSERT INTO booking_search_next (id, created_at, package_id, text)
        SELECT b.id, b.created_at, b.package_id,
               booking_search_text(b.reference, b.name, b.email, coalesce(c.names, ''))
          FROM bookings b
          LEFT JOIN (SELECT booking_id, string_agg(full_name, chr(31) ORDER BY position) AS names
                       FROM booking_guests WHERE position >= 1 AND full_name <> '' GROUP BY booking_id) c
            ON c.booking_id = b.id
         ORDER BY b.created_at, b.id;
`)}
      -- The lead's name or email changed (an erasure, an operator's edit): the companions stay.
${bookingSearchFollow({
  insert: `INSERT INTO booking_search (id, created_at, package_id, text)
            SELECT id, created_at, package_id, booking_search_text(reference, name, email) FROM new_rows;`,
  update: `UPDATE booking_search s
             SET text = booking_search_text(NEW.reference, NEW.name, NEW.email,
                                            booking_search_companions(NEW.id))
           WHERE s.id = NEW.id;`,
})}

      -- The bookings whose companions' names a statement on booking_guests changed: their text
      -- again. Statement triggers (a booking batch inserts many guests at once); the transition
      -- tables hold that statement's rows only, joined by key.
      CREATE FUNCTION booking_search_follow_guests() RETURNS trigger LANGUAGE plpgsql
        SET enable_hashjoin = off SET enable_mergejoin = off AS $fn$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE booking_search s
             SET text = booking_search_text(b.reference, b.name, b.email, booking_search_companions(b.id))
            FROM bookings b
           WHERE b.id IN (SELECT booking_id FROM new_rows WHERE position >= 1 AND full_name <> '')
             AND s.id = b.id;
        ELSIF TG_OP = 'UPDATE' THEN
          UPDATE booking_search s
             SET text = booking_search_text(b.reference, b.name, b.email, booking_search_companions(b.id))
            FROM bookings b
           WHERE b.id IN (SELECT n.booking_id FROM new_rows n JOIN old_rows o USING (booking_id, position)
                           WHERE n.position >= 1 AND n.full_name IS DISTINCT FROM o.full_name)
             AND s.id = b.id;
        ELSE
          UPDATE booking_search s
             SET text = booking_search_text(b.reference, b.name, b.email, booking_search_companions(b.id))
            FROM bookings b
           WHERE b.id IN (SELECT booking_id FROM old_rows WHERE position >= 1 AND full_name <> '')
             AND s.id = b.id;
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER booking_guests_search_insert AFTER INSERT ON booking_guests
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION booking_search_follow_guests();
      CREATE TRIGGER booking_guests_search_update AFTER UPDATE ON booking_guests
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION booking_search_follow_guests();
      CREATE TRIGGER booking_guests_search_delete AFTER DELETE ON booking_guests
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION booking_search_follow_guests();
    `,
  },
  {
    version: 60,
    name: 'payment terms on packages and bookings, the payment ledger, money reminders',
    // docs/decisions/067-payment-ledger.md. Adds only. Packages get the default terms; bookings
    // made before this version get them too (so their cancellation quote reads sensibly) but no
    // deposit deadline (deposit_due_at NULL): they never lapse for an unpaid deposit. Constant
    // defaults add the columns without rewriting the table; the CHECKs read every row once.
    //
    // The ledger: payment_entries rows are never updated or deleted (a trigger refuses both).
    // bookings.paid_cents (payments - refunds) and refunded_cents are kept by the ledger's own
    // INSERT, in its statement (an AFTER STATEMENT trigger adding the new rows per booking), under
    // the booking's row lock; paid_cents >= 0 is a CHECK, so a refund beyond what is paid fails in
    // the database whatever the code above it does; and a deferred constraint trigger compares
    // paid_cents with the ledger's sum at COMMIT whenever either changes, so no other statement can
    // set it apart from the ledger.
    sql: `
      ALTER TABLE packages
        ADD COLUMN deposit_percent integer NOT NULL DEFAULT 20
          CONSTRAINT packages_deposit_percent CHECK (deposit_percent BETWEEN 0 AND 100),
        ADD COLUMN balance_due_days integer NOT NULL DEFAULT 60
          CONSTRAINT packages_balance_due_days CHECK (balance_due_days BETWEEN 0 AND 365),
        ADD COLUMN cancellation_fees jsonb NOT NULL
          DEFAULT '[{"daysBefore": 60, "percent": 50}, {"daysBefore": 30, "percent": 100}]';

      ALTER TABLE bookings
        ADD COLUMN deposit_percent integer NOT NULL DEFAULT 20
          CONSTRAINT bookings_deposit_percent CHECK (deposit_percent BETWEEN 0 AND 100),
        ADD COLUMN balance_due_days integer NOT NULL DEFAULT 60
          CONSTRAINT bookings_balance_due_days CHECK (balance_due_days BETWEEN 0 AND 365),
        ADD COLUMN cancellation_fees jsonb NOT NULL
          DEFAULT '[{"daysBefore": 60, "percent": 50}, {"daysBefore": 30, "percent": 100}]',
        ADD COLUMN deposit_due_at timestamptz,
        ADD COLUMN deposit_waived boolean NOT NULL DEFAULT false,
        ADD COLUMN paid_cents integer NOT NULL DEFAULT 0
          CONSTRAINT bookings_paid_not_negative CHECK (paid_cents >= 0),
        ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0
          CONSTRAINT bookings_refunded_not_negative CHECK (refunded_cents >= 0),
        ADD COLUMN cancellation_fee_cents integer
          CONSTRAINT bookings_cancellation_fee CHECK (cancellation_fee_cents >= 0);

      CREATE TABLE payment_entries (
        id uuid PRIMARY KEY,
        booking_id uuid NOT NULL REFERENCES bookings (id),
        kind text NOT NULL CHECK (kind IN ('payment', 'refund')),
        method text NOT NULL CHECK (method IN ('card', 'bank-transfer', 'cash', 'other')),
        -- At most a whole booking's worth (12 travellers x 100,000 dollars).
        amount_cents integer NOT NULL CHECK (amount_cents BETWEEN 1 AND 1200000000),
        currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
        at timestamptz NOT NULL DEFAULT now(),
        reference text CHECK (char_length(reference) <= 100),
        note text CHECK (char_length(note) <= 500),
        -- A payment provider's id for the event (a later provider records each once).
        provider_reference text UNIQUE,
        -- Who recorded it (a staff member's email or uid); null for a provider.
        staff text
      );
      CREATE INDEX payment_entries_booking ON payment_entries (booking_id, at, id);
      CREATE INDEX payment_entries_at ON payment_entries (at, id);

      -- One change is allowed: a note erased with its traveller's account (DELETE /api/me keeps the
      -- brand's books, amounts, dates and references, without what staff wrote about the person).
      CREATE FUNCTION payment_entries_never_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'UPDATE' AND NEW.note IS NULL
           AND (NEW.id, NEW.booking_id, NEW.kind, NEW.method, NEW.amount_cents, NEW.currency, NEW.at,
                NEW.reference, NEW.provider_reference, NEW.staff)
               IS NOT DISTINCT FROM (OLD.id, OLD.booking_id, OLD.kind, OLD.method, OLD.amount_cents,
                OLD.currency, OLD.at, OLD.reference, OLD.provider_reference, OLD.staff) THEN
${refuseLedgerEdit}
      CREATE TRIGGER payment_entries_never_change BEFORE UPDATE OR DELETE ON payment_entries
        FOR EACH ROW EXECUTE FUNCTION payment_entries_never_change();

      CREATE FUNCTION payment_entries_to_bookings() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE bookings b
           SET paid_cents = b.paid_cents + s.net, refunded_cents = b.refunded_cents + s.refunded
          FROM (SELECT booking_id,
                       sum(CASE WHEN kind = 'payment' THEN amount_cents ELSE -amount_cents END)::integer AS net,
                       sum(CASE WHEN kind = 'refund' THEN amount_cents ELSE 0 END)::integer AS refunded
                  FROM new_rows GROUP BY booking_id) s
         WHERE b.id = s.booking_id;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER payment_entries_to_bookings AFTER INSERT ON payment_entries
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payment_entries_to_bookings();

      CREATE FUNCTION bookings_paid_matches_ledger() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        ledger_paid bigint;
        ledger_refunded bigint;
      BEGIN
        SELECT coalesce(sum(CASE WHEN kind = 'payment' THEN amount_cents ELSE -amount_cents END), 0),
               coalesce(sum(CASE WHEN kind = 'refund' THEN amount_cents ELSE 0 END), 0)
          INTO ledger_paid, ledger_refunded
          FROM payment_entries WHERE booking_id = NEW.id;
        IF ledger_paid <> NEW.paid_cents OR ledger_refunded <> NEW.refunded_cents THEN
          RAISE EXCEPTION 'bookings.paid_cents (%) differs from the ledger''s sum (%)', NEW.paid_cents, ledger_paid
            USING ERRCODE = 'check_violation';
        END IF;
        RETURN NULL;
      END
      $fn$;
      CREATE CONSTRAINT TRIGGER bookings_paid_matches_ledger
        AFTER UPDATE OF paid_cents, refunded_cents ON bookings DEFERRABLE INITIALLY DEFERRED
        FOR EACH ROW WHEN (OLD.paid_cents IS DISTINCT FROM NEW.paid_cents
                           OR OLD.refunded_cents IS DISTINCT FROM NEW.refunded_cents)
        EXECUTE FUNCTION bookings_paid_matches_ledger();

      -- The deposit deadline job reads requested bookings past their deadline.
      CREATE INDEX bookings_deposit_due ON bookings (deposit_due_at)
        WHERE status = 'requested' AND deposit_due_at IS NOT NULL AND NOT deposit_waived;

      -- Money reminders claim their row like the trip's (server/src/payments/jobs.ts).
      ALTER TABLE reminders DROP CONSTRAINT reminders_kind_check;
      ALTER TABLE reminders ADD CONSTRAINT reminders_kind_check
        CHECK (kind IN ('details', 'trip', 'balance-14', 'balance-3', 'balance-overdue'));
    `,
  },
  {
    version: 61,
    name: 'indexes for the payment states the console filters by',
    // The console's payment= filter and the money screen (server/src/money/sql.ts): the states a
    // brand has few of, walked newest first in an index of their own rather than found among a
    // million bookings. A refund due is a fact of the booking alone (what it holds against what it
    // keeps); the other rare states are among the bookings still owing money, and which of them is
    // due or overdue depends on today.
    sql: `
      CREATE INDEX bookings_refund_due ON bookings (created_at DESC, id DESC)
        WHERE (status = 'cancelled' AND paid_cents > coalesce(cancellation_fee_cents, 0))
           OR (status <> 'cancelled' AND paid_cents > total_cents);
      CREATE INDEX bookings_owing ON bookings (created_at DESC, id DESC)
        WHERE status <> 'cancelled' AND paid_cents < total_cents;
    `,
  },
  {
    version: 62,
    name: 'card payments through Stripe: events recorded once, shares paid by each traveller',
    // docs/decisions/070-stripe-checkout.md. Adds only.
    // stripe_events: every verified webhook event, by Stripe's event id (the primary key), inserted
    // in the transaction that records what it says: a replay, or the same event at two processes at
    // once, finds the row and changes nothing. payment_entries.provider_reference (UNIQUE since
    // migration 60) holds the Checkout Session's or the refund's id, so two different events about
    // one payment (completed, then async_payment_succeeded) still record it once.
    // card_refunds: below.
    // payment_entries.traveller_position: whose share a card payment from a personal link paid
    // (0 the lead; null for the booking as a whole). The never-edited trigger learns the column.
    sql: `
      CREATE TABLE stripe_events (
        id text PRIMARY KEY CHECK (char_length(id) <= 255),
        type text NOT NULL CHECK (char_length(type) <= 100),
        booking_id uuid,
        outcome text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      ALTER TABLE payment_entries
        ADD COLUMN traveller_position integer CHECK (traveller_position BETWEEN 0 AND 11);
      -- card_refunds: each refund asked of Stripe for a refund due (server/src/payments/stripe-refunds.ts),
      -- with the idempotency key every retry sends, until the refund's entry is in the ledger.
      CREATE TABLE card_refunds (
        idempotency_key text PRIMARY KEY,
        booking_id uuid NOT NULL REFERENCES bookings (id),
        payment_intent text NOT NULL,
        amount_cents integer NOT NULL CHECK (amount_cents BETWEEN 1 AND 1200000000),
        stripe_id text,
        failed boolean NOT NULL DEFAULT false,
        requested_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX card_refunds_booking ON card_refunds (booking_id);
      CREATE INDEX card_refunds_unsent ON card_refunds (requested_at) WHERE stripe_id IS NULL AND NOT failed;

      CREATE OR REPLACE FUNCTION payment_entries_never_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'UPDATE' AND NEW.note IS NULL
           AND (NEW.id, NEW.booking_id, NEW.kind, NEW.method, NEW.amount_cents, NEW.currency, NEW.at,
                NEW.reference, NEW.provider_reference, NEW.staff, NEW.traveller_position)
               IS NOT DISTINCT FROM (OLD.id, OLD.booking_id, OLD.kind, OLD.method, OLD.amount_cents,
                OLD.currency, OLD.at, OLD.reference, OLD.provider_reference, OLD.staff, OLD.traveller_position) THEN
${refuseLedgerEdit}
    `,
  },
  {
    version: 63,
    name: 'the language a booking was made in (the emails about it are written in it)',
    // docs/decisions/071-translation-layer.md. Adds only: every booking made before it was made on
    // the English site. A constant default adds the column without rewriting the table; the CHECK
    // reads every row once.
    sql: `
      ALTER TABLE bookings
        ADD COLUMN language text NOT NULL DEFAULT 'en'
          CONSTRAINT bookings_language CHECK (language IN ('en', 'es'));
    `,
  },
  {
    version: 64,
    name: 'traveller counts follow a bookings UPDATE in time linear in its rows',
    // The bookings' traveller-count trigger (version 46) joined the statement's old and new rows by
    // id, and version 52 turned off hash and merge joins for it (right for its join to bookings and
    // booking_guests by key, whose plan PL/pgSQL keeps): the two transition tables have no index, so
    // that join became a nested loop of every old row against every new row, and one UPDATE of a
    // million bookings ran for more than 20 minutes (scripts/bench-data-generate.ts turned the
    // triggers off for its). Now:
    // the old and new rows meet in one GROUP BY (an aggregate, never a join: hashed or sorted, in
    // time linear in the rows), keyed by the booking and the date it counts on (its departure while
    // active, else none): a booking whose key is the same before and after sums to 0 and drops out,
    // one that moved leaves -1 on the old key and +1 on the new one. Only those are joined to their
    // travellers, by key. (A column list, AFTER UPDATE OF status, departure_id, would skip most
    // statements altogether, but PostgreSQL refuses one on a trigger with transition tables.)
    // Counts change exactly as before (server/src/db/migration-46.test.ts, migration-64.test.ts).
    // Nothing stored changes.
    sql: `
      -- Its join to booking_guests stays a nested loop on the key, whatever the statistics
      -- (version 52's settings, which a replaced function would otherwise lose).
      CREATE OR REPLACE FUNCTION departure_travellers_follow_bookings() RETURNS trigger LANGUAGE plpgsql
        SET enable_hashjoin = off SET enable_mergejoin = off AS $fn$
      DECLARE changes jsonb;
      BEGIN
        WITH moved AS (
          SELECT id, counted_on, sum(side)::int AS side
          FROM (
            SELECT id, CASE WHEN status <> 'cancelled' THEN departure_id END AS counted_on, -1 AS side FROM old_rows
            UNION ALL
            SELECT id, CASE WHEN status <> 'cancelled' THEN departure_id END, 1 FROM new_rows
          ) s
          GROUP BY id, counted_on
          HAVING sum(side) <> 0 AND counted_on IS NOT NULL
        )
        SELECT jsonb_agg(jsonb_build_object('d', x.counted_on, 't', x.side * x.t, 'c', x.side * x.c)) INTO changes
        FROM (
          SELECT m.counted_on, m.side, count(*)::int AS t,
            coalesce(sum(guest_is_complete(g.full_name, g.date_of_birth, g.emergency_name, g.emergency_phone)), 0)::int AS c
          FROM moved m JOIN booking_guests g ON g.booking_id = m.id
          GROUP BY m.counted_on, m.side
        ) x;
        IF changes IS NOT NULL THEN PERFORM departure_travellers_add(changes); END IF;
        RETURN NULL;
      END
      $fn$;
    `,
  },
  {
    version: 65,
    name: "each booking's balance date stored, kept by the database, and indexes for what is overdue or due soon",
    // docs/decisions/073-stored-balance-date.md. The console's payment=overdue filter and the money
    // screen's overdue and due-in-30-days lists depended on the balance date computed from the
    // departure (starts_on - balance_due_days) and on today: no index could serve them, and over a
    // million bookings they read every booking still owing (seconds). bookings.balance_due_on
    // holds that date (null without a departure, as the computed date was):
    // - filled here for every stored booking in one pass: the column is added empty, then
    //   rewritten with its value (ALTER COLUMN ... TYPE ... USING, a function because USING takes no
    //   subquery). A rewrite writes each row once and builds each index afresh, sorted, where an
    //   UPDATE of every row inserts a million entries into each of the table's fifteen indexes: on
    //   200,000 bookings 6 s against 25 s (docs/decisions/073-stored-balance-date.md). It fires no
    //   trigger either (version 64 made the traveller counts' linear for any bulk UPDATE that
    //   comes later). Nothing else stored changes;
    // - kept by the database, so no path can let it drift: a BEFORE row trigger computes it on
    //   every insert and on every update that sets departure_id, balance_due_days or the column
    //   itself (a value written by hand is replaced), and a departure whose date changes moves its
    //   bookings' dates with it (no path changes a departure's date today; this one would).
    // The indexes: the bookings still owing by their balance date, and those still owing their
    // deposit by its deadline. The second's condition is server/src/money/sql.ts's deposit phase
    // word for word (the deposit itself now reads no departure), which is what lets the planner
    // use it; a change there needs a new index here.
    sql: `
      -- The one home of the date: the departure's, less the booking's days; null without one.
      CREATE FUNCTION booking_balance_due_on(departure uuid, days integer) RETURNS date
        LANGUAGE sql STABLE AS $fn$
        SELECT d.starts_on - days FROM departures d WHERE d.id = departure
      $fn$;
      ALTER TABLE bookings ADD COLUMN balance_due_on date;
      ALTER TABLE bookings ALTER COLUMN balance_due_on TYPE date
        USING booking_balance_due_on(departure_id, balance_due_days);

      CREATE FUNCTION bookings_keep_balance_due_on() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        NEW.balance_due_on := booking_balance_due_on(NEW.departure_id, NEW.balance_due_days);
        RETURN NEW;
      END
      $fn$;
      CREATE TRIGGER bookings_balance_due_on_insert BEFORE INSERT ON bookings
        FOR EACH ROW EXECUTE FUNCTION bookings_keep_balance_due_on();
      CREATE TRIGGER bookings_balance_due_on_update
        BEFORE UPDATE OF departure_id, balance_due_days, balance_due_on ON bookings
        FOR EACH ROW EXECUTE FUNCTION bookings_keep_balance_due_on();

      CREATE FUNCTION departure_moves_balance_dates() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        UPDATE bookings SET balance_due_on = NEW.starts_on - balance_due_days WHERE departure_id = NEW.id;
        RETURN NULL;
      END
      $fn$;
      CREATE TRIGGER departures_balance_dates AFTER UPDATE OF starts_on ON departures
        FOR EACH ROW WHEN (OLD.starts_on IS DISTINCT FROM NEW.starts_on)
        EXECUTE FUNCTION departure_moves_balance_dates();

      CREATE INDEX bookings_balance_owing ON bookings (balance_due_on, id)
        WHERE status <> 'cancelled' AND paid_cents < total_cents;
      CREATE INDEX bookings_deposit_owing ON bookings (deposit_due_at, id)
        WHERE status <> 'cancelled' AND paid_cents < total_cents AND NOT deposit_waived
          AND paid_cents < (CASE WHEN deposit_due_at IS NULL AND NOT deposit_waived THEN 0
            WHEN (created_at AT TIME ZONE 'UTC')::date >= balance_due_on
            THEN total_cents::bigint ELSE (total_cents::bigint * deposit_percent + 50) / 100 END);
      ANALYZE bookings;
    `,
  },
  {
    version: 66,
    name: 'the overdue and due-soon indexes answer their reads alone: the balance phase whole, the creation time held',
    // docs/decisions/074-owing-indexes-answer-alone.md. Migration 65's two indexes found the
    // bookings past or near a date, but each read still visited every booking they found: the
    // console's payment=overdue filter fetched all the overdue rows (thousands) to sort them newest
    // first for a page of 50 (4.7 s p95 on a million bookings), and the balance index's condition
    // left out the balance phase's deposit test, checked on each row. Built again:
    // - bookings_balance_owing over server/src/money/sql.ts's balance phase word for word (the
    //   deposit paid or waived), as bookings_deposit_owing is over the deposit phase;
    // - both holding created_at (INCLUDE), so the overdue filter reads each overdue booking's place
    //   in the newest-first order from the index alone and fetches only the page's rows.
    // Indexes only: nothing stored changes.
    sql: `
      DROP INDEX bookings_balance_owing;
      CREATE INDEX bookings_balance_owing ON bookings (balance_due_on, id) INCLUDE (created_at)
        WHERE status <> 'cancelled' AND paid_cents < total_cents
          AND (deposit_waived OR paid_cents >= (CASE WHEN deposit_due_at IS NULL AND NOT deposit_waived THEN 0
            WHEN (created_at AT TIME ZONE 'UTC')::date >= balance_due_on
            THEN total_cents::bigint ELSE (total_cents::bigint * deposit_percent + 50) / 100 END));
      DROP INDEX bookings_deposit_owing;
      CREATE INDEX bookings_deposit_owing ON bookings (deposit_due_at, id) INCLUDE (created_at)
        WHERE status <> 'cancelled' AND paid_cents < total_cents AND NOT deposit_waived
          AND paid_cents < (CASE WHEN deposit_due_at IS NULL AND NOT deposit_waived THEN 0
            WHEN (created_at AT TIME ZONE 'UTC')::date >= balance_due_on
            THEN total_cents::bigint ELSE (total_cents::bigint * deposit_percent + 50) / 100 END);
      ANALYZE bookings;
    `,
  },
  {
    version: 67,
    name: 'the language a waiting-list entry was made in (its emails, and the booking an accepted offer makes, are in it)',
    // docs/decisions/071-translation-layer.md, as migration 63 for bookings. Adds only: every entry
    // made before it was made on the English site. A constant default adds the column without
    // rewriting the table; the CHECK reads every row once.
    sql: `
      ALTER TABLE waitlist_entries
        ADD COLUMN language text NOT NULL DEFAULT 'en'
          CONSTRAINT waitlist_entries_language CHECK (language IN ('en', 'es'));
    `,
  },
  {
    version: 68,
    name: "the catalogue's texts in Spanish",
    // docs/decisions/071-translation-layer.md: each package's texts in the languages beside English,
    // keyed by language, {"es": {"name", "description", "itinerary": [{title, body}], "includes",
    // "excludes", "questions": [{id, label, choices}]}} (contracts/catalogue.ts
    // packageTranslationsSchema); a text absent or empty is not translated and the Spanish pages
    // show the English. Adds only: every stored package keeps its English texts and starts with
    // none translated. A constant default adds the column without rewriting the table.
    sql: `
      ALTER TABLE packages
        ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb
          CONSTRAINT packages_translations_object CHECK (jsonb_typeof(translations) = 'object');
    `,
  },
  {
    version: 69,
    name: "Stripe's events kept until recorded: the webhook answers once an event is stored",
    // docs/decisions/077-stripe-event-inbox.md. Adds only: every event stored before it was recorded
    // in its own request and has its outcome; none is waiting ('received' was never committed).
    // payload: the event as Stripe sent it (its signature checked), until it is recorded, then
    // NULL (it names the payer); attempts and next_attempt_at: a recording that failed is tried
    // again later; recorded_at: when its money was recorded (or it was found to record nothing).
    // The partial index holds only the events still waiting: the recorder's one lookup.
    sql: `
      ALTER TABLE stripe_events
        ADD COLUMN payload text,
        ADD COLUMN attempts integer NOT NULL DEFAULT 0,
        ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN recorded_at timestamptz;
      CREATE INDEX stripe_events_waiting ON stripe_events (next_attempt_at, id) WHERE outcome = 'received';
    `,
  },
];

// An arbitrary constant: two servers starting together on one database take turns.
const migrationLock = 7_260_415;

// `upTo` stops at a version: tests use it to build a database as an older release left it.
export async function migrate(db: Database, upTo = Infinity): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
    // Under the lock too: two servers running CREATE TABLE IF NOT EXISTS at the same moment on
    // PostgreSQL can both try to create it, and one fails.
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    const { rows } = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
    const done = new Set(rows.map((r) => r.version));
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version) || migration.version > upTo) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
    return applied;
  });
}
