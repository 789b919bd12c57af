// Starts MailDev (or finds one already running) for `npm start`: a local SMTP server whose inbox
// shows every email the site sends, with a REST API under /api for tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { waitUntilReady } from './child-service.js';

export type MailDevAddress = { host: string; smtpPort: number; webPort: number };

export const mailDevDefaults: MailDevAddress = { host: '127.0.0.1', smtpPort: 1025, webPort: 1080 };

// What the server sends as when MailDev is the mail server.
export const localMailFrom = 'Wayfarer Tours <bookings@wayfarer-tours.example>';

export type RunningMailDev = {
  inboxUrl: string;
  smtpUrl: string;
  child?: ChildProcess;
  stop: () => Promise<void>;
};

type Probe = 'maildev' | 'other' | 'nothing';

// MailDev answers GET /api/healthz; anything else on the port is someone else's server.
async function probeWeb(url: string): Promise<Probe> {
  try {
    const res = await fetch(`${url}/api/healthz`, { signal: AbortSignal.timeout(1000) });
    return res.ok ? 'maildev' : 'other';
  } catch (error) {
    // A refused connection is a free port; a timeout or garbage is something else listening.
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? 'nothing' : 'other';
  }
}

function portListens(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

// The child stays in the caller's process group (no `detached`): stopping the caller's group
// stops MailDev too, so it never outlives `npm start` holding a terminal or a CI pipe open.
export async function ensureMailDev(
  root: string,
  address: MailDevAddress = mailDevDefaults,
  log: (line: string) => void = console.log,
): Promise<RunningMailDev> {
  const { host, smtpPort, webPort } = address;
  const inboxUrl = `http://${host}:${webPort}`;
  const smtpUrl = `smtp://${host}:${smtpPort}`;
  const web = await probeWeb(inboxUrl);
  if (web === 'maildev') {
    if (!(await portListens(host, smtpPort))) {
      throw new Error(
        `MailDev answers at ${inboxUrl}, but nothing takes mail on ${host}:${smtpPort}. Stop that MailDev, or set SMTP_URL and MAIL_FROM.`,
      );
    }
    log(`Using the MailDev already running at ${inboxUrl}`);
    return { inboxUrl, smtpUrl, stop: async () => {} };
  }
  if (web === 'other') {
    throw new Error(
      `Something other than MailDev answers at ${inboxUrl}. Free port ${webPort}, or set SMTP_URL and MAIL_FROM to send through another mail server.`,
    );
  }
  if (await portListens(host, smtpPort)) {
    throw new Error(
      `Port ${smtpPort} on ${host} is taken by another program. Free it, or point SMTP_URL (and MAIL_FROM) at that mail server.`,
    );
  }

  log('Starting MailDev (local inbox for the site’s emails)…');
  // Its own entry point under Node, not the .bin shim: no shell, and the pid we signal is MailDev.
  // Not --silent: its start-up errors (a port taken meanwhile) should reach the terminal; its
  // banner goes to stdout, which is dropped.
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/maildev/dist/bin/maildev.js'),
      '--smtp',
      String(smtpPort),
      '--ip',
      host,
      '--web',
      String(webPort),
      '--web-ip',
      host,
      // A long session should not grow without bound; the oldest mail goes first.
      '--max-emails',
      '500',
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const stop = await waitUntilReady(child, {
    name: 'MailDev',
    ready: async () => (await probeWeb(inboxUrl)) === 'maildev' && (await portListens(host, smtpPort)),
    timeoutMs: 20_000,
    intervalMs: 200,
  });
  log(`MailDev ready: inbox at ${inboxUrl}`);
  return { inboxUrl, smtpUrl, child, stop };
}
