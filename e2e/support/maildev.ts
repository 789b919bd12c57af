import { expect } from '@playwright/test';

// MailDev, where `npm start` sends the site's email locally (README, "Email").
export const mailDev = 'http://127.0.0.1:1080';

type Email = { id: string; subject: string; to: { address: string }[]; text?: string; html?: string };

// The subjects of the emails sent to `address` that mention `reference`.
export async function subjectsFor(address: string, reference: string): Promise<string[]> {
  const res = await fetch(`${mailDev}/api/email`).catch(() => null);
  if (!res?.ok) return [];
  const emails = (await res.json()) as Email[];
  return emails
    .filter((e) => e.to.some((t) => t.address === address))
    .map((e) => e.subject)
    .filter((s) => s.includes(reference));
}

// Waits (the outbox worker sends within a second or two) for an email whose subject starts so.
export async function expectEmail(address: string, reference: string, subjectStart: string) {
  await expect
    .poll(() => subjectsFor(address, reference), { timeout: 20_000 })
    .toContainEqual(expect.stringContaining(subjectStart));
}

// The newest email to `address` whose subject starts so, whole (its text and HTML parts), once the
// outbox worker has sent it.
export async function emailFor(address: string, subjectStart: string): Promise<Email> {
  let found: Email | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${mailDev}/api/email`).catch(() => null);
        if (!res?.ok) return false;
        const emails = (await res.json()) as Email[];
        found = emails
          .filter((e) => e.to.some((t) => t.address === address) && e.subject.startsWith(subjectStart))
          .at(-1);
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

// The personal link (/travellers/{token}) in the newest email to `address`.
export async function personalLinkFor(address: string): Promise<string | undefined> {
  const res = await fetch(`${mailDev}/api/email`).catch(() => null);
  if (!res?.ok) return undefined;
  const emails = (await res.json()) as Email[];
  const mine = emails.filter((e) => e.to.some((t) => t.address === address));
  return /\/travellers\/[A-Za-z0-9_-]{43}/.exec(mine.at(-1)?.text ?? '')?.[0];
}
