// @vitest-environment node
// ./auth-emulator-mail.ts as `npm start` runs it: the Auth Emulator's confirmation and
// password-reset links reach a real inbox (MailDev, in-process) as emails with the link, each once;
// links made before it started are not sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, emulatorHost, projectId } from '../server/src/test/fixtures';
import { startTestInbox, type TestInbox } from '../server/src/test/mail-kit';
import { forwardEmulatorEmails } from './auth-emulator-mail';

const identity = (path: string, body: unknown) =>
  fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/${path}?key=fake-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (res) => {
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  });

describe('the Auth Emulator’s emails in the local inbox', () => {
  let inbox: TestInbox;
  beforeAll(async () => {
    inbox = await startTestInbox();
  });
  afterAll(() => inbox?.stop());

  it('sends each new confirmation and reset link once, with the emulator’s link; older links stay unsent', async () => {
    const before = await createUser('oob-before', { verified: false });
    await identity('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: before.email });

    const mail = await forwardEmulatorEmails({
      emulatorUrl: `http://${emulatorHost}`,
      projectId,
      smtpUrl: `smtp://127.0.0.1:${inbox.smtpPort}`,
      from: 'Wayfarer Tours <bookings@wayfarer-tours.example>',
      intervalMs: 60_000,
      log: () => {},
    });
    try {
      const user = await createUser('oob-after', { verified: false });
      await identity('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: user.idToken });
      await identity('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: user.email });
      await mail.poll();
      expect(await mail.poll()).toBe(0);

      const emails = await inbox.emails();
      expect(emails.filter((e) => e.to.some((t) => t.address === before.email))).toEqual([]);
      const mine = emails.filter((e) => e.to.some((t) => t.address === user.email));
      expect(mine.map((e) => e.subject).sort()).toEqual([
        'Confirm your email address – Wayfarer Tours',
        'Reset your password – Wayfarer Tours',
      ]);
      const confirm = mine.find((e) => e.subject.startsWith('Confirm'))!;
      const link = /http:\/\/\S+mode=verifyEmail\S+/.exec(confirm.text)?.[0];
      expect(link).toContain(`http://${emulatorHost}/emulator/action?mode=verifyEmail`);
      expect(confirm.html).toContain('Confirm my email address');

      // The link confirms the address, as Firebase's own does.
      const oobCode = new URL(link!).searchParams.get('oobCode');
      await identity('accounts:update', { oobCode });
      const res = await fetch(
        `http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:lookup?key=fake-api-key`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idToken: user.idToken }),
        },
      );
      const { users } = (await res.json()) as { users: { emailVerified: boolean }[] };
      expect(users[0]!.emailVerified).toBe(true);
    } finally {
      mail.stop();
    }
  });
});
