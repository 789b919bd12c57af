// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { listenHost, loadServerEnv } from './env.js';

describe('server environment', () => {
  it('trusts no proxy by default', () => {
    expect(loadServerEnv({}).TRUST_PROXY).toBe(false);
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', '10.0.0.1'],
    ['10.0.0.0/8, 192.168.1.7', '10.0.0.0/8,192.168.1.7'],
    ['loopback,::1/128', 'loopback,::1/128'],
  ])('TRUST_PROXY=%s', (value, expected) => {
    expect(loadServerEnv({ TRUST_PROXY: value }).TRUST_PROXY).toBe(expected);
  });

  it("BRAND_TIME_ZONE: the brand's city by default (what the site uses), a bad zone named", () => {
    expect(loadServerEnv({}).BRAND_TIME_ZONE).toBe('America/Los_Angeles');
    expect(loadServerEnv({ BRAND_TIME_ZONE: 'Europe/Lisbon' }).BRAND_TIME_ZONE).toBe('Europe/Lisbon');
    expect(() => loadServerEnv({ BRAND_TIME_ZONE: 'Mars/Olympus' })).toThrow(/BRAND_TIME_ZONE/);
  });

  it('PAYMENT_PROVIDER=stripe needs both Stripe keys, named when missing or bad, their values never shown', () => {
    expect(loadServerEnv({}).PAYMENT_PROVIDER).toBe('manual');
    expect(() => loadServerEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER is stripe[\s\S]*STRIPE_WEBHOOK_SECRET: required/,
    );
    const secret = 'pk_live_notasecretkeyatall123';
    const webhook = 'whsec_bad!value';
    let message = '';
    try {
      loadServerEnv({
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: secret,
        STRIPE_WEBHOOK_SECRET: webhook,
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(
      /STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET: must be/,
    );
    expect(message).not.toContain(secret);
    expect(message).not.toContain(webhook);
    const ok = loadServerEnv({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abcdefgh12345678',
      STRIPE_WEBHOOK_SECRET: 'whsec_abcdefgh12345678',
    });
    expect(ok.PAYMENT_PROVIDER).toBe('stripe');
    // The fake Stripe of the tests: http only on loopback.
    expect(() => loadServerEnv({ STRIPE_API_URL: 'http://stripe.example.com' })).toThrow(
      /STRIPE_API_URL: must be https/,
    );
    expect(loadServerEnv({ STRIPE_API_URL: 'http://127.0.0.1:12111' }).STRIPE_API_URL).toBe(
      'http://127.0.0.1:12111',
    );
  });

  it('names every bad variable at once, and stops', () => {
    expect(() =>
      loadServerEnv({
        TRUST_PROXY: 'true',
        REDIS_URL: 'http://localhost',
        SMTP_URL: 'localhost:25',
        CANCELLATION_CUTOFF_DAYS: '-1',
      }),
    ).toThrow(
      /TRUST_PROXY: must be a hop count[\s\S]*REDIS_URL: must be a redis:\/\/[\s\S]*CANCELLATION_CUTOFF_DAYS[\s\S]*SMTP_URL: must be an smtp:\/\//,
    );
    expect(() => loadServerEnv({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY.*10\.0\.0\.0\/33/);
  });

  it('reminders and the operations address: defaults, and bad values named', () => {
    expect(loadServerEnv({})).toMatchObject({
      OPERATIONS_EMAIL: 'hello@wayfarer-tours.example',
      DETAILS_REMINDER_DAYS: 30,
      TRIP_REMINDER_DAYS: 7,
      REMINDER_INTERVAL_SECONDS: 60,
    });
    expect(
      loadServerEnv({
        OPERATIONS_EMAIL: 'ops@example.com',
        TRIP_REMINDER_DAYS: '3',
        REMINDER_INTERVAL_SECONDS: '5',
      }),
    ).toMatchObject({
      OPERATIONS_EMAIL: 'ops@example.com',
      TRIP_REMINDER_DAYS: 3,
      REMINDER_INTERVAL_SECONDS: 5,
    });
    expect(() =>
      loadServerEnv({
        OPERATIONS_EMAIL: 'not an address',
        DETAILS_REMINDER_DAYS: '0',
        TRIP_REMINDER_DAYS: 'soon',
        REMINDER_INTERVAL_SECONDS: '1.5',
      }),
    ).toThrow(
      /OPERATIONS_EMAIL: must be an email address[\s\S]*DETAILS_REMINDER_DAYS[\s\S]*TRIP_REMINDER_DAYS[\s\S]*REMINDER_INTERVAL_SECONDS/,
    );
  });

  it('needs MAIL_FROM with SMTP_URL', () => {
    expect(() => loadServerEnv({ SMTP_URL: 'smtp://mail.example.com:587' })).toThrow(
      /MAIL_FROM: required when SMTP_URL is set/,
    );
    expect(
      loadServerEnv({ SMTP_URL: 'smtp://mail.example.com:587', MAIL_FROM: 'Wayfarer <a@example.com>' })
        .MAIL_FROM,
    ).toBe('Wayfarer <a@example.com>');
  });

  it('holds waiting-list offers 24 hours by default; other values are whole hours from 1 to 720', () => {
    expect(loadServerEnv({}).WAITLIST_OFFER_HOURS).toBe(24);
    expect(loadServerEnv({ WAITLIST_OFFER_HOURS: '48' }).WAITLIST_OFFER_HOURS).toBe(48);
    for (const bad of ['0', '-3', '1.5', 'a day', '721']) {
      expect(() => loadServerEnv({ WAITLIST_OFFER_HOURS: bad })).toThrow(/WAITLIST_OFFER_HOURS/);
    }
    expect(() => loadServerEnv({ WAITLIST_EXPIRY_INTERVAL_SECONDS: '0' })).toThrow(
      /WAITLIST_EXPIRY_INTERVAL_SECONDS/,
    );
  });
});

describe('where the server listens', () => {
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

  it('binds 127.0.0.1 in emulator mode when HOST is unset, every interface otherwise', () => {
    expect(listenHost(loadServerEnv(emulator))).toBe('127.0.0.1');
    expect(listenHost(loadServerEnv({}))).toBe('0.0.0.0');
    expect(listenHost(loadServerEnv({ HOST: '10.1.2.3' }))).toBe('10.1.2.3');
  });

  it.each(['127.0.0.1', '::1', 'localhost', '127.0.0.2'])('allows HOST=%s in emulator mode', (host) => {
    expect(listenHost(loadServerEnv({ ...emulator, HOST: host }))).toBe(host);
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', 'example.com'])(
    'refuses HOST=%s in emulator mode, saying why',
    (host) => {
      expect(() => loadServerEnv({ ...emulator, HOST: host })).toThrow(
        /HOST: must be a loopback address .*Auth Emulator accepts unsigned tokens/,
      );
    },
  );

  it('UNVERIFIED_EMAILS_PER_DAY: 3 by default, a whole number from 0 to 100', () => {
    expect(loadServerEnv({}).UNVERIFIED_EMAILS_PER_DAY).toBe(3);
    expect(loadServerEnv({ UNVERIFIED_EMAILS_PER_DAY: '0' }).UNVERIFIED_EMAILS_PER_DAY).toBe(0);
    for (const bad of ['-1', '1.5', '101', 'many']) {
      expect(() => loadServerEnv({ UNVERIFIED_EMAILS_PER_DAY: bad })).toThrow(/UNVERIFIED_EMAILS_PER_DAY/);
    }
  });

  it('trusts a verified token for 60 seconds by default', () => {
    expect(loadServerEnv({}).TOKEN_CACHE_SECONDS).toBe(60);
  });

  it('DETAILS_CUTOFF_DAYS (default 2) and RETENTION_DAYS (default 30): whole days, checked at start', () => {
    expect(loadServerEnv({})).toMatchObject({ DETAILS_CUTOFF_DAYS: 2, RETENTION_DAYS: 30 });
    expect(loadServerEnv({ DETAILS_CUTOFF_DAYS: '0', RETENTION_DAYS: '365' })).toMatchObject({
      DETAILS_CUTOFF_DAYS: 0,
      RETENTION_DAYS: 365,
    });
    for (const bad of ['-1', '1.5', 'two', '366']) {
      expect(() => loadServerEnv({ DETAILS_CUTOFF_DAYS: bad })).toThrow(/DETAILS_CUTOFF_DAYS/);
    }
    for (const bad of ['0', '-3', '2.5', 'forever', '3651']) {
      expect(() => loadServerEnv({ RETENTION_DAYS: bad })).toThrow(/RETENTION_DAYS/);
    }
  });
});

describe('the server process in emulator mode', () => {
  it('refuses to start on a non-loopback HOST, and says why', async () => {
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: new URL('../..', import.meta.url).pathname,
      env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/HOST: must be a loopback address/);
    expect(result.stderr).toMatch(/accepts unsigned tokens/);
  }, 40_000);
});
