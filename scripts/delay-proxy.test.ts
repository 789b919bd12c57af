// @vitest-environment node
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelayProxy, type DelayProxy } from './delay-proxy';

describe('delay proxy', () => {
  const target = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json', 'x-seen-host': req.headers.host ?? '' });
      res.end(JSON.stringify({ method: req.method, url: req.url, body }));
    });
  });
  let proxy: DelayProxy;
  let targetHost: string;

  beforeAll(async () => {
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetHost = `127.0.0.1:${(target.address() as AddressInfo).port}`;
    proxy = await startDelayProxy({ target: targetHost, delayMs: 60 });
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((r) => target.close(r));
  });

  it('passes the request and the answer through unchanged, each held the delay', async () => {
    const t = performance.now();
    const res = await fetch(`http://${proxy.host}/v1/accounts:lookup?key=k`, {
      method: 'POST',
      body: 'token',
    });
    const elapsed = performance.now() - t;
    expect(res.status).toBe(201);
    expect(res.headers.get('x-seen-host')).toBe(targetHost);
    expect(await res.json()).toEqual({ method: 'POST', url: '/v1/accounts:lookup?key=k', body: 'token' });
    // 60 ms each way.
    expect(elapsed).toBeGreaterThanOrEqual(118);
    expect(proxy.forwarded()).toBe(1);
  });

  it('answers 502 JSON when the identity provider is not there', async () => {
    const dead = await startDelayProxy({ target: '127.0.0.1:1', delayMs: 0 });
    try {
      const res = await fetch(`http://${dead.host}/`);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toMatch(/delay proxy/);
    } finally {
      await dead.close();
    }
  });
});
