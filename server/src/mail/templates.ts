// The traveller's emails: one subject, an HTML part and a plain-text part per kind, from the facts
// copied into the outbox row. Pure functions: the worker renders at send time, the tests here.
import { bookingStatusLabels, type BookingStatus } from '../../../src/contracts/booking.js';
import { brand } from '../../../src/contracts/brand.js';
// The site's own formats: an email reads a date and a price as the pages do.
import { formatTripDate } from '../../../src/contracts/format.js';
import { formatPrice } from '../../../src/contracts/money.js';
import { bookingTerms } from '../../../src/contracts/terms.js';
import type { BookingEmailData, EmailKind, WaitlistOfferEmailData } from './outbox.js';

export type RenderedEmail = { subject: string; html: string; text: string };

export type RenderOptions = {
  // The site's public origin (PUBLIC_ORIGIN): adds a link to the traveller's bookings.
  siteUrl?: string;
  // CANCELLATION_CUTOFF_DAYS: the terms in the "received" email name it.
  cancellationCutoffDays?: number;
};

// The site's palette (src/styles/app.css), as literal values: mail clients ignore CSS variables.
const color = {
  ink: '#1b2a33',
  inkSoft: '#4a5a64',
  paper: '#fffdf9',
  sand: '#f6efe6',
  sandDeep: '#eadfcf',
  teal: '#0f4c5c',
  tealDark: '#0a3642',
  accent: '#b4461f',
  sun: '#f6c177',
  danger: '#a4161a',
  success: '#1f6f43',
} as const;

// System fonts only: a web font would be an external request most clients block anyway.
const fontBody = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
const fontDisplay = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, 'Times New Roman', serif";

const statusColor: Record<BookingStatus, string> = {
  requested: color.accent,
  confirmed: color.success,
  cancelled: color.danger,
};

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// Every value that came from a person (names, reasons, package names) goes through here.
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => htmlEscapes[c]!);

// A header value on one line: a newline in a name must not start a new header or line.
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

const travellersLabel = (n: number) => `${n} ${n === 1 ? 'traveller' : 'travellers'}`;

const cancelledByLabel = (by: BookingEmailData['cancelledBy']) => (by === 'traveller' ? 'You' : brand.name);

type Copy = {
  verb: string;
  heading: string;
  // Paragraphs before the booking's facts; plain text, escaped for the HTML part.
  intro: string[];
  // Paragraphs after them.
  outro: string[];
};

type BookingEmailKind = Exclude<EmailKind, 'waitlist-offered'>;

// "Sunday 10 January 2027, 14:30 UTC": the brand's one calendar is UTC (src/contracts/iso-dates.ts),
// built from parts so no ICU version words it differently.
export const formatDeadline = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${formatTripDate(date.toISOString().slice(0, 10))}, ${date.toISOString().slice(11, 16)} UTC`;
};

function copyFor(kind: BookingEmailKind, data: BookingEmailData, options: RenderOptions): Copy {
  const contact = `Questions? Reply to this email, write to ${brand.email} or call ${brand.phone}.`;
  switch (kind) {
    case 'booking-received': {
      // The terms the traveller read beside Book Now (src/contracts/terms.ts).
      const terms = bookingTerms(options.cancellationCutoffDays);
      return {
        verb: 'received',
        heading: 'We have your booking request',
        intro: [
          `Hi ${data.name},`,
          `Thank you for booking ${data.packageName} with ${brand.name}. We have received your request and will confirm it by email shortly.`,
        ],
        outro: [terms.payment, `${terms.cancellation} ${terms.after}`, contact],
      };
    }
    case 'booking-confirmed':
      return {
        verb: 'confirmed',
        heading: 'Your booking is confirmed',
        intro: [
          `Hi ${data.name},`,
          `Good news: your booking for ${data.packageName} is confirmed. Your guide and your group are looking forward to meeting you.`,
        ],
        outro: [contact],
      };
    case 'booking-changed':
      return {
        verb: 'changed',
        heading: 'Your booking has changed',
        intro: [
          `Hi ${data.name},`,
          `Your booking has changed. Here is your booking for ${data.packageName} as it stands now, with what it was before.`,
        ],
        outro: [contact],
      };
    case 'booking-cancelled':
      return {
        verb: 'cancelled',
        heading: 'Your booking is cancelled',
        intro: [
          `Hi ${data.name},`,
          data.cancelledBy === 'traveller'
            ? `As you asked, we have cancelled your booking for ${data.packageName}. Its seats are released.`
            : `We are sorry: ${brand.name} has cancelled your booking for ${data.packageName}.`,
        ],
        outro: [
          `If this is not what you expected, or you would like to travel another time, we are glad to help. ${contact}`,
        ],
      };
  }
}

// The booking's facts, in the order both parts show them.
function factsFor(kind: BookingEmailKind, data: BookingEmailData): [label: string, value: string][] {
  const before = kind === 'booking-changed' ? data.previous : undefined;
  const facts: [string, string][] = [
    ['Booking reference', data.reference],
    ['Package', data.packageName],
    ...(before ? ([['Departure before', formatTripDate(before.startsOn)]] as [string, string][]) : []),
    ['Departure', formatTripDate(data.startsOn)],
    ...(before ? ([['Travellers before', travellersLabel(before.travellers)]] as [string, string][]) : []),
    ['Travellers', travellersLabel(data.travellers)],
    ['Price per person', formatPrice(data.price)],
    ...(before ? ([['Total before', formatPrice(before.total)]] as [string, string][]) : []),
    ['Total', formatPrice(data.total)],
    ['Status', bookingStatusLabels[data.status] ?? data.status],
  ];
  if (kind === 'booking-cancelled') {
    facts.push(['Cancelled by', cancelledByLabel(data.cancelledBy)]);
    if (data.reason?.trim()) facts.push(['Reason', data.reason.trim()]);
  }
  return facts;
}

const bookingsLink = (siteUrl: string | undefined): string | null => {
  if (!siteUrl) return null;
  try {
    const url = new URL('/bookings', siteUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

export function renderEmail(
  kind: EmailKind,
  data: BookingEmailData | WaitlistOfferEmailData,
  options: RenderOptions = {},
): RenderedEmail {
  if (kind === 'waitlist-offered') return renderOffer(data as WaitlistOfferEmailData, options);
  const booking = data as BookingEmailData;
  const copy = copyFor(kind, booking, options);
  if (!copy) throw new Error(`Unknown email kind: ${String(kind)}`);
  const facts = factsFor(kind, booking);
  const link = bookingsLink(options.siteUrl);
  const subject = oneLine(
    kind === 'booking-changed'
      ? `Your booking has changed – ${booking.reference} – ${booking.packageName}`
      : `Booking ${booking.reference} ${copy.verb} – ${booking.packageName}`,
  );
  return {
    subject,
    html: renderHtml({ subject, copy, facts, status: booking.status, link }),
    text: renderText({ copy, facts, link }),
  };
}

// Seats came free on a date the traveller waits for: they are held, and My bookings accepts them.
function renderOffer(data: WaitlistOfferEmailData, options: RenderOptions): RenderedEmail {
  const deadline = formatDeadline(data.offerExpiresAt);
  const copy: Copy = {
    verb: 'offered',
    heading: 'Seats are free for you',
    intro: [
      'Hello,',
      `Seats came free on ${data.packageName} for ${formatTripDate(data.startsOn)}, and we are holding ${travellersLabel(data.travellers).replace('travellers', 'seats').replace('traveller', 'seat')} for your party until ${deadline}. Accept the offer in My bookings to turn it into a booking request; after that the seats go to the next traveller waiting.`,
    ],
    outro: [`Questions? Reply to this email, write to ${brand.email} or call ${brand.phone}.`],
  };
  const facts: [string, string][] = [
    ['Package', data.packageName],
    ['Departure', formatTripDate(data.startsOn)],
    ['Seats held', String(data.travellers)],
    ['Offer open until', deadline],
  ];
  // The offer is only useful with the way to accept it: without PUBLIC_ORIGIN, the site's path.
  const link = bookingsLink(options.siteUrl);
  if (!link) copy.intro.push('Sign in on our website and open My bookings (/bookings) to accept.');
  const subject = oneLine(`Seats are free on ${data.packageName} – ${formatTripDate(data.startsOn)}`);
  return {
    subject,
    html: renderHtml({ subject, copy, facts, status: null, link }),
    text: renderText({ copy, facts, link }),
  };
}

function renderText({ copy, facts, link }: { copy: Copy; facts: [string, string][]; link: string | null }) {
  const width = Math.max(...facts.map(([label]) => label.length)) + 2;
  return [
    ...copy.intro.flatMap((p) => [p, '']),
    ...facts.map(([label, value]) => `${`${label}:`.padEnd(width)}${oneLine(value)}`),
    '',
    ...(link ? [`Your bookings: ${link}`, ''] : []),
    ...copy.outro.flatMap((p) => [p, '']),
    '--',
    `${brand.name} · ${brand.tagline}`,
    `${brand.phone} · ${brand.email}`,
    brand.address,
    '',
  ].join('\n');
}

function renderHtml({
  subject,
  copy,
  facts,
  status,
  link,
}: {
  subject: string;
  copy: Copy;
  facts: [string, string][];
  status: BookingStatus | null;
  link: string | null;
}) {
  const e = escapeHtml;
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-family:${fontBody};font-size:16px;line-height:24px;color:${color.ink};">${e(text)}</p>`;
  const factRow = ([label, value]: [string, string], index: number) => {
    const isStatus = label === 'Status';
    const valueHtml = isStatus
      ? `<span style="display:inline-block;padding:2px 10px;border-radius:999px;background-color:${(status && statusColor[status]) ?? color.teal};color:#ffffff;font-weight:bold;">${e(value)}</span>`
      : e(value);
    const shade = index % 2 === 0 ? color.sand : color.paper;
    return `<tr>
<td valign="top" bgcolor="${shade}" style="padding:10px 14px;background-color:${shade};font-family:${fontBody};font-size:14px;line-height:20px;color:${color.inkSoft};width:40%;">${e(label)}</td>
<td valign="top" bgcolor="${shade}" style="padding:10px 14px;background-color:${shade};font-family:${fontBody};font-size:15px;line-height:20px;color:${color.ink};font-weight:${label === 'Total' || label === 'Booking reference' ? 'bold' : 'normal'};word-break:break-word;">${valueHtml}</td>
</tr>`;
  };
  const button = link
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td bgcolor="${color.teal}" style="border-radius:8px;background-color:${color.teal};">
<a href="${e(link)}" style="display:inline-block;padding:12px 22px;font-family:${fontBody};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">View my bookings</a>
</td></tr></table>`
    : '';
  // Outlook's Word engine ignores max-width: a fixed 600px table only it sees keeps the column.
  // The preheader: the line clients show beside the subject in the inbox, hidden in the message.
  const preheader = copy.intro[1] ?? subject;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${e(subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:${color.sand};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:${color.sand};">${e(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${color.sand}" style="background-color:${color.sand};">
<tr><td align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td bgcolor="${color.tealDark}" style="padding:24px 28px;background-color:${color.tealDark};border-radius:14px 14px 0 0;">
<p style="margin:0;font-family:${fontDisplay};font-size:26px;line-height:32px;font-weight:bold;color:#ffffff;">${e(brand.name)}</p>
<p style="margin:4px 0 0;font-family:${fontBody};font-size:13px;line-height:18px;letter-spacing:1px;text-transform:uppercase;color:${color.sun};">${e(brand.tagline)}</p>
</td></tr>
<tr><td bgcolor="${color.paper}" style="padding:28px;background-color:${color.paper};border-left:1px solid ${color.sandDeep};border-right:1px solid ${color.sandDeep};">
<h1 style="margin:0 0 20px;font-family:${fontDisplay};font-size:26px;line-height:32px;font-weight:bold;color:${color.tealDark};">${e(copy.heading)}</h1>
${copy.intro.map(paragraph).join('\n')}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:8px 0 24px;border:1px solid ${color.sandDeep};border-collapse:separate;border-radius:10px;overflow:hidden;">
${facts.map(factRow).join('\n')}
</table>
${button}
${copy.outro.map(paragraph).join('\n')}
</td></tr>
<tr><td bgcolor="${color.teal}" style="padding:20px 28px;background-color:${color.teal};border-radius:0 0 14px 14px;">
<p style="margin:0 0 4px;font-family:${fontBody};font-size:14px;line-height:20px;font-weight:bold;color:#ffffff;">${e(brand.name)}</p>
<p style="margin:0;font-family:${fontBody};font-size:13px;line-height:20px;color:#e4eef0;">${e(brand.phone)} &middot; <a href="mailto:${e(brand.email)}" style="color:#ffffff;text-decoration:underline;">${e(brand.email)}</a><br>${e(brand.address)}</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
