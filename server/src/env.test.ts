// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadServerEnv } from './env.js';

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
