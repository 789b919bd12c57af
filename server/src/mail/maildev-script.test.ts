// @vitest-environment node
// scripts/maildev.ts, as `npm start` uses it: MailDev as a child process on free ports, reused when
// already running, refused when something else holds its ports, and gone once stopped.
import { createServer, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureMailDev, localMailFrom, type RunningMailDev } from '../../../scripts/maildev.js';
import type { ReceivedEmail } from '../test/mail-kit.js';
import { createMailTransport } from './transport.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const host = '127.0.0.1';

const sockets = new Set<Socket>();
const listen = (port = 0) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
      // The probes hang up at once; a reset is expected, not an error.
      socket.on('error', () => {});
      socket.end('hello\r\n');
    });
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets) socket.destroy();
  });
const portOf = (server: Server) => (server.address() as { port: number }).port;

// Two ports that were free a moment ago.
async function freePorts() {
  const [a, b] = [await listen(), await listen()];
  const ports = { smtpPort: portOf(a), webPort: portOf(b) };
  await Promise.all([close(a), close(b)]);
  return ports;
}

const running: RunningMailDev[] = [];
const held: Server[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((m) => m.stop()));
  await Promise.all(held.splice(0).map(close));
});

describe('ensureMailDev', () => {
  it('starts MailDev as a child, reuses it, and stops it', { timeout: 30_000 }, async () => {
    const ports = await freePorts();
    const lines: string[] = [];
    const first = await ensureMailDev(root, { host, ...ports }, (line) => lines.push(line));
    running.push(first);
    expect(first.child?.pid).toBeGreaterThan(0);
    expect(first.inboxUrl).toBe(`http://${host}:${ports.webPort}`);
    expect(first.smtpUrl).toBe(`smtp://${host}:${ports.smtpPort}`);
    expect(lines.at(-1)).toBe(`MailDev ready: inbox at ${first.inboxUrl}`);

    // The inbox shows what the site's transport sends.
    await fetch(`${first.inboxUrl}/api/email/all`, { method: 'DELETE' });
    const transport = createMailTransport({ smtpUrl: first.smtpUrl, from: localMailFrom });
    await transport.send({
      id: 'b7d3c1f0-0000-4000-8000-000000000001',
      to: 'ada@example.com',
      subject: 'Hello',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    transport.close();
    const emails = (await (await fetch(`${first.inboxUrl}/api/email`)).json()) as ReceivedEmail[];
    expect(emails.map((e) => [e.subject, e.headers['message-id']])).toEqual([
      ['Hello', '<b7d3c1f0-0000-4000-8000-000000000001@wayfarer-tours.example>'],
    ]);

    // A second `npm start` finds it and starts nothing.
    const second = await ensureMailDev(root, { host, ...ports }, (line) => lines.push(line));
    expect(second.child).toBeUndefined();
    expect(lines.at(-1)).toBe(`Using the MailDev already running at ${first.inboxUrl}`);

    await first.stop();
    expect(first.child?.exitCode !== null || first.child?.signalCode !== null).toBe(true);
    await expect(fetch(`${first.inboxUrl}/api/healthz`)).rejects.toThrow();
  });

  it('refuses a web port that something else answers on', async () => {
    const ports = await freePorts();
    const other = await listen(ports.webPort);
    held.push(other);
    await expect(ensureMailDev(root, { host, ...ports }, () => {})).rejects.toThrow(
      /Something other than MailDev answers at http:\/\/127\.0\.0\.1:\d+/,
    );
  });

  it('refuses an SMTP port another program holds', async () => {
    const ports = await freePorts();
    const other = await listen(ports.smtpPort);
    held.push(other);
    await expect(ensureMailDev(root, { host, ...ports }, () => {})).rejects.toThrow(
      new RegExp(`Port ${ports.smtpPort} on 127\\.0\\.0\\.1 is taken by another program`),
    );
  });
});
