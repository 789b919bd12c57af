// Outgoing mail over SMTP (SMTP_URL, from MAIL_FROM): locally MailDev, in production a provider.
import nodemailer from 'nodemailer';
import { brand } from '#contracts/brand';

export type OutgoingEmail = {
  // The outbox row's id: it becomes the Message-ID, so a message sent twice (a worker that died
  // mid-send) is recognisable as one by the receiving side.
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  // Files sent with it: the calendar file of a confirmation.
  attachments?: { filename: string; contentType: string; content: string }[];
};

// Resolves once the SMTP server accepted the message; rejects otherwise (the worker retries).
export type SendEmail = (email: OutgoingEmail) => Promise<void>;

export type MailTransport = {
  send: SendEmail;
  // Connects and greets the server: a start-up check that logs, never one that stops the server.
  verify(): Promise<void>;
  close(): void;
};

export type MailTransportOptions = {
  smtpUrl: string;
  from: string;
  // Where replies go: the brand's inbox, not the sending address.
  replyTo?: string;
};

// The domain of "Name <user@domain>" or "user@domain", for Message-IDs.
export const senderDomain = (from: string) => /@([^\s@<>]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

export function createMailTransport({
  smtpUrl,
  from,
  replyTo = brand.email,
}: MailTransportOptions): MailTransport {
  // One connection per message, no pool: a mail server that restarts leaves no half-dead pooled
  // connection behind, and the worker already bounds how many sends run at once.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    // Far below the worker's lease, so a hung server fails a send instead of outliving its claim.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // The messages are ours, but nothing in them should make nodemailer read files or URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const domain = senderDomain(from);
  return {
    send: async ({ id, to, subject, html, text, attachments = [] }) => {
      await transporter.sendMail({
        from,
        to,
        replyTo,
        subject,
        html,
        text,
        attachments: attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
        })),
        messageId: `<${id}@${domain}>`,
        // RFC 3834: out-of-office replies and autoresponders should not answer.
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    },
    verify: async () => {
      await transporter.verify();
    },
    close: () => transporter.close(),
  };
}

// For logs: where mail goes, without the credentials SMTP_URL may carry.
export function describeSmtpUrl(smtpUrl: string): string {
  try {
    const url = new URL(smtpUrl);
    return `${url.protocol}//${url.host}`;
  } catch {
    return 'an unreadable SMTP_URL';
  }
}
