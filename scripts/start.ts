// `npm start`: build the site when the sources are newer than the build or the build was made with
// other VITE_ settings (they are written into the browser's code), start the Firebase
// Auth Emulator unless a real Firebase project is configured and MailDev unless SMTP_URL is set,
// then run the server and say where everything is once it answers.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parsePublicEnv, usesRealFirebase } from '#contracts/public-env';
import { emulatorProject, ensureAuthEmulator } from './auth-emulator';
import { forwardEmulatorEmails } from './auth-emulator-mail';
import { startDelayProxy } from './delay-proxy';
import { viteSettings, viteSettingsFile } from './vite-settings';
import { ensureMailDev, localMailFrom } from './maildev';
import { serverNodeFlags } from '../server/src/node-flags';

const root = new URL('..', import.meta.url).pathname;
const publicEnv = parsePublicEnv(process.env);
const stamp = join(root, 'build/server/index.js');
const sources = [
  'src',
  'contracts',
  'public',
  'scripts/art',
  'react-router.config.ts',
  'vite.config.ts',
  'package-lock.json',
];

const newest = (path: string): number => {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const s = statSync(full);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(
    0,
    ...readdirSync(full)
      .filter((n) => n !== 'img')
      .map((n) => newest(join(path, n))),
  );
};

const settingsFile = viteSettingsFile(root);
const settings = viteSettings();
const builtWith = existsSync(settingsFile) ? readFileSync(settingsFile, 'utf8') : null;

if (
  !existsSync(stamp) ||
  Math.max(...sources.map(newest)) > statSync(stamp).mtimeMs ||
  builtWith !== settings
) {
  console.log('Building the site…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const children: ChildProcess[] = [];
let stopping = false;
// Children stay in this process group (no `detached`): whoever stops `npm start` as a group
// (a terminal's Ctrl-C, Playwright's webServer teardown) stops the emulator and server too, so
// nothing outlives it holding the terminal or a CI pipe open.
const stopAll = (signal: NodeJS.Signals = 'SIGTERM') => {
  stopping = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    stopAll(signal);
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
process.once('exit', () => stopAll());

const emulatorHost = publicEnv.VITE_FIREBASE_AUTH_EMULATOR_HOST;
const serverEnv: NodeJS.ProcessEnv = { ...process.env };
const realFirebase = usesRealFirebase(publicEnv);
// With SMTP_URL, mail goes there (the server insists on MAIL_FROM with it); without, to MailDev.
const localMail = !process.env.SMTP_URL;

// Both at once: the emulator takes 10-17 s, MailDev under one. allSettled, so that a failure of
// one never leaves the other running unwatched.
const [emulatorStart, mailStart] = await Promise.allSettled([
  realFirebase ? Promise.resolve(null) : ensureAuthEmulator(root, emulatorHost),
  localMail ? ensureMailDev(root) : Promise.resolve(null),
]);
for (const started of [emulatorStart, mailStart]) {
  if (started.status === 'fulfilled' && started.value?.child) children.push(started.value.child);
}
const failures = [emulatorStart, mailStart].filter((s) => s.status === 'rejected');
if (failures.length > 0) {
  for (const failure of failures) console.error((failure.reason as Error).message);
  stopAll();
  process.exit(1);
}
const emulator = emulatorStart.status === 'fulfilled' ? emulatorStart.value : null;
const mailDev = mailStart.status === 'fulfilled' ? mailStart.value : null;

if (emulator) {
  emulator.child?.on('exit', (code) => {
    if (stopping) return;
    console.error(`The Auth Emulator stopped (exit ${code}).`);
    stopAll();
    process.exit(1);
  });
  serverEnv.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  serverEnv.GCLOUD_PROJECT = emulatorProject;
  // AUTH_DELAY_MS=80: the server reaches the emulator through scripts/delay-proxy.ts, that many
  // milliseconds each way, as Google's servers are from a real host (e2e runs pass it on).
  const delayMs = Number(process.env.AUTH_DELAY_MS ?? 0);
  if (delayMs > 0) {
    const proxy = await startDelayProxy({ target: emulatorHost, delayMs });
    serverEnv.FIREBASE_AUTH_EMULATOR_HOST = proxy.host;
    console.log(`The server reaches the Auth Emulator through ${proxy.host}, ${delayMs} ms each way.`);
  }
}
if (mailDev) {
  // The site carries on without it: the outbox keeps the emails and sends them once a mail server
  // answers on that port again.
  mailDev.child?.on('exit', (code) => {
    if (stopping) return;
    console.error(
      `MailDev stopped (exit ${code}). Emails wait in the outbox until a mail server answers at ${mailDev.smtpUrl}.`,
    );
  });
  serverEnv.SMTP_URL = mailDev.smtpUrl;
  serverEnv.MAIL_FROM ||= localMailFrom;
}

// The Auth Emulator keeps the emails Firebase would send (confirm an address, reset a password):
// this process sends each new one to the local inbox (./auth-emulator-mail.ts). With a real
// Firebase project, Firebase sends them itself.
if (emulator && mailDev) {
  const accountMail = await forwardEmulatorEmails({
    emulatorUrl: `http://${emulatorHost}`,
    projectId: emulatorProject,
    smtpUrl: mailDev.smtpUrl,
    from: serverEnv.MAIL_FROM || localMailFrom,
  });
  process.once('exit', () => accountMail.stop());
}

// The emails' links (My bookings, the console) point at this site unless a public origin is set.
if (!serverEnv.PUBLIC_ORIGIN) {
  const listenHost = process.env.HOST;
  const local = !listenHost || listenHost === '0.0.0.0' || listenHost === '::';
  serverEnv.PUBLIC_ORIGIN = `http://${local ? 'localhost' : listenHost.includes(':') ? `[${listenHost}]` : listenHost}:${process.env.PORT || '3000'}`;
}

const server = spawn(
  process.execPath,
  [...serverNodeFlags, '--import', 'tsx', join(root, 'server/src/main.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: serverEnv,
  },
);
children.push(server);
server.on('exit', (code) => {
  stopAll();
  process.exit(code ?? 0);
});

// Where things are, for humans and without credentials (SMTP_URL may carry a password).
const smtpHost = (url: string) => {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return 'SMTP_URL';
  }
};
const port = process.env.PORT || '3000';
const host = process.env.HOST;
const wildcard = !host || host === '0.0.0.0' || host === '::';
const siteUrl = `http://${wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host}:${port}`;
const healthUrl = `http://${wildcard ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}/api/health`;

const siteAnswers = async () => {
  try {
    return (await fetch(healthUrl, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

// PORT=0 picks a port only the server knows: its own log line says where it is.
if (port !== '0') {
  const deadline = Date.now() + 120_000;
  while (!stopping && server.exitCode === null && Date.now() < deadline && !(await siteAnswers())) {
    await new Promise((r) => setTimeout(r, 250));
  }
  // The server's last start-up lines (the mail server's answer) come just after it first answers:
  // let them pass, so the addresses below are the last thing on screen.
  if (!stopping && server.exitCode === null) await new Promise((r) => setTimeout(r, 1200));
  if (!stopping && server.exitCode === null && Date.now() < deadline) {
    const rows: [string, string][] = [['Site', siteUrl]];
    // A service this run found already running belongs to whoever started it (another `npm start`,
    // a test run): stopping that one takes it away from this site too, so the banner says so.
    const borrowed = 'found running, not started here: it stops when whoever started it stops';
    rows.push(
      mailDev
        ? [
            'Inbox',
            `${mailDev.inboxUrl}  (MailDev: every email the site sends, and the Auth Emulator's confirmation and password links; it keeps the latest 500)` +
              (mailDev.child ? '' : `\n${' '.repeat(17)}${borrowed}`),
          ]
        : ['Email', `sent through ${smtpHost(process.env.SMTP_URL ?? '')}`],
    );
    rows.push(
      emulator
        ? [
            'Auth Emulator',
            `${emulator.url.replace(/\/$/, '')}  (project ${emulatorProject})` +
              (emulator.child ? '' : `\n${' '.repeat(17)}${borrowed}`),
          ]
        : ['Accounts', `Firebase project ${publicEnv.VITE_FIREBASE_PROJECT_ID}`],
    );
    const width = Math.max(...rows.map(([label]) => label.length)) + 2;
    console.log(
      [
        '',
        'Wayfarer Tours is up:',
        ...rows.map(([l, v]) => `  ${l.padEnd(width)}${v}`),
        'Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    );
  }
}
