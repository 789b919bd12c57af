// The Auth Emulator sends no email: it keeps every confirmation and password-reset link it makes
// and lists them at GET /emulator/v1/projects/{project}/oobCodes. `npm start` (./start.ts) polls
// that list and sends each new link as an email to the account's address through the local mail
// server (MailDev), so a newcomer confirms an address or resets a password from the inbox, as
// they would with a real Firebase project (which sends these itself).
import { randomUUID } from 'node:crypto';
import { createMailTransport, type MailTransport } from '../server/src/mail/transport.js';
import { renderAccountLinkEmail, type AccountLinkEmail } from '../server/src/mail/templates.js';

type OobCode = { email?: string; requestType?: string; oobCode?: string; oobLink?: string };

const actions: Record<string, AccountLinkEmail['action']> = {
  VERIFY_EMAIL: 'verify-email',
  PASSWORD_RESET: 'reset-password',
};

export type EmulatorMailOptions = {
  // http://host:port of the emulator.
  emulatorUrl: string;
  projectId: string;
  smtpUrl: string;
  from: string;
  intervalMs?: number;
  log?: (line: string) => void;
  // Tests hand in their own transport.
  transport?: MailTransport;
};

export type EmulatorMail = {
  // Sends the links made since the last look (the first look only notes what is there).
  poll: () => Promise<number>;
  stop: () => void;
};

// Links already in the list when it starts were made before (an emulator shared with an earlier
// run or the tests): only those that appear afterwards are sent, each once.
export async function forwardEmulatorEmails(options: EmulatorMailOptions): Promise<EmulatorMail> {
  const { emulatorUrl, projectId, intervalMs = 1000, log = console.log } = options;
  const transport = options.transport ?? createMailTransport({ smtpUrl: options.smtpUrl, from: options.from });
  const listUrl = `${emulatorUrl.replace(/\/$/, '')}/emulator/v1/projects/${projectId}/oobCodes`;
  const seen = new Set<string>();
  let failing = false;

  const list = async (): Promise<OobCode[]> => {
    const res = await fetch(listUrl, { signal: AbortSignal.timeout(5000) });
    if (!res.ok) throw new Error(`the Auth Emulator answered ${res.status}`);
    const body = (await res.json()) as { oobCodes?: OobCode[] };
    return Array.isArray(body.oobCodes) ? body.oobCodes : [];
  };

  for (const code of await list().catch(() => [])) if (code.oobCode) seen.add(code.oobCode);

  const poll = async () => {
    let sent = 0;
    try {
      for (const code of await list()) {
        if (!code.oobCode || seen.has(code.oobCode)) continue;
        seen.add(code.oobCode);
        const action = actions[code.requestType ?? ''];
        if (!action || !code.email || !code.oobLink) continue;
        const email = renderAccountLinkEmail({ action, email: code.email, link: code.oobLink });
        await transport.send({ id: randomUUID(), to: code.email, ...email });
        sent += 1;
      }
      if (failing) log('Account emails from the Auth Emulator reach the inbox again.');
      failing = false;
    } catch (error) {
      // The emulator or the mail server is restarting: say so once, try again on the next look.
      if (!failing) log(`Account emails from the Auth Emulator wait: ${(error as Error).message}`);
      failing = true;
    }
    return sent;
  };

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const loop = async () => {
    await poll();
    if (!stopped) {
      timer = setTimeout(() => void loop(), intervalMs);
      timer.unref?.();
    }
  };
  timer = setTimeout(() => void loop(), intervalMs);
  timer.unref?.();
  return {
    poll,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
