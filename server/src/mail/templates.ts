// Every email the site sends: one subject, an HTML part and a plain-text part (the same words) per
// kind, from the facts copied into the outbox row, and the calendar file of a confirmation. Pure functions: the worker renders at send time, the tests here.
import { bookingStatusLabels, movePriceLine, type BookingStatus } from '#contracts/booking';
import { brand } from '#contracts/brand';
// The site's own formats: an email reads a date and a price as the pages do.
import { formatDeadline, formatTripDate, plural } from '#contracts/format';
import { daysBetween, todayIso } from '#contracts/iso-dates';
import { formatCents } from '#contracts/money';
import { formatPrice } from '#contracts/price';
import { paymentMethodLabels } from '#contracts/payment';
import { phoneProblem, telHref } from '#contracts/phone';
import { tripCalendar } from './calendar.js';
import { cardPaymentLabel, withCardPayment } from './pay-by-card.js';
import { registerCatalogue, translator, type MessageId, type Translator, type Vars } from '#contracts/i18n';
import { allCatalogues } from '#contracts/catalogues';
import type { Language } from '#contracts/language';
import type {
  BookingEmailData,
  DepartureMessageData,
  EmailKind,
  EmailPayloads,
  GuestInviteEmailData,
  MoneyEmailData,
  MoveOfferEmailData,
  OperationsEmailData,
  WaitlistClosedEmailData,
  WaitlistNotRunningEmailData,
  WaitlistOfferEmailData,
} from './outbox.js';
import { bookingTerms } from '#contracts/terms';
import { entryNoLongerFitsMessage } from '#contracts/waitlist';

export type RenderedEmail = { subject: string; html: string; text: string; attachments: Attachment[] };

export type RenderOptions = {
  // The site's public origin (PUBLIC_ORIGIN): adds a link to the traveller's bookings.
  siteUrl?: string;
  // When the message was queued: the calendar file's DTSTAMP (the same file on every retry).
  queuedAt?: Date;
  // CANCELLATION_CUTOFF_DAYS: the terms in the "received" email name it.
  cancellationCutoffDays?: number;
  // BRAND_TIME_ZONE: the zone deadlines are written in (contracts/format.ts formatDeadline).
  timeZone?: string;
};

// Every language's catalogue: an email is written in its booking's (docs/decisions/071-translation-layer.md).
for (const catalogue of Object.values(allCatalogues)) registerCatalogue(catalogue);

// The language of the email being rendered. Rendering is synchronous, one email at a time
// (renderEmail sets it and puts English back before it returns), so the letters below read it
// instead of passing it through every helper.
let tr: Translator = translator('en');
const t = (id: MessageId, vars?: Vars) => tr.t(id, vars);
const tp = (count: number, one: string, other: MessageId, vars?: Vars) => tr.tp(count, one, other, vars);
const tripDate = (iso: string | null) => formatTripDate(iso, tr.language);
const price = (amount: number) => formatPrice(amount, tr.language);
const cents = (amount: number, currency?: string) => formatCents(amount, currency, tr.language);
const travellersText = (n: number) => tp(n, '{count} traveller', '{count} travellers');
const seatsText = (n: number) => tp(n, '{count} seat', '{count} seats');

// One of the details reminder's "Still missing" (server/src/reminders/reminders.ts writes them in
// English when it queues the email: "Traveller 2 (invited)", "Ana Ruiz (you)"), in the email's
// language: the numbered stand-in and the marks are ours, a name stays as written.
const missingText = (item: string) => {
  const [, who = item, mark = ''] = /^(.*?)( \((?:you|invited)\))?$/s.exec(item) ?? [];
  const number = /^Traveller (\d+)$/.exec(who)?.[1];
  const name = number ? t('Traveller {number}', { number }) : who;
  return `${name}${mark === ' (you)' ? t(' (you)') : mark === ' (invited)' ? t(' (invited)') : ''}`;
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

const cancelledByLabel = (by: BookingEmailData['cancelledBy']) =>
  by === 'traveller' ? t('You') : brand.name;

// An email to an address nobody verified comes without the account's name (its payload's name is
// emptied when queued: ./outbox.ts), so a stranger's inbox is not told "Hi Ana,".
const greeting = (name: string) => (name ? t('Hi {name},', { name }) : t('Hello,'));

export type Attachment = { filename: string; contentType: string; content: string };

// One row of the facts table. The HTML part may link the value (a traveller's email or phone in
// the operations copy) or show it as superseded (a change's "before" values); the text part
// shows the label and the value alone.
type Fact = [label: string, value: string, show?: { href?: string | null; superseded?: boolean }];

// One email, before it is laid out: the same words go into the HTML and the plain-text part.
type Letter = {
  subject: string;
  heading: string;
  // Paragraphs before the facts; plain text (a newline inside one is kept as a line break),
  // escaped for the HTML part.
  intro: string[];
  // Someone else's words (an operator's message to a departure), after the intro: the HTML part
  // sets them apart as a quotation, the text part gives them as paragraphs like the intro.
  quoted?: string[];
  facts: Fact[];
  // The booking's status for the coloured badge; none for letters without a Status row.
  status?: BookingStatus;
  // A button (HTML) and a line (text) to a page of the site.
  link?: { label: string; url: string } | null;
  // Paragraphs after the facts.
  outro: string[];
  attachments?: Attachment[];
};

const contactLine = () =>
  t('Questions? Reply to this email, write to {email} or call {phone}.', {
    email: brand.email,
    phone: brand.phone,
  });

// The site's page at `path`, when the site's public origin is known and is http(s).
const siteLink = (siteUrl: string | undefined, path: string): string | null => {
  if (!siteUrl) return null;
  try {
    const url = new URL(path, siteUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
};

// My bookings' path in the email's language: its button's address, and what an email without the
// site's public origin tells the reader to open.
const bookingsPath = () => (tr.language === 'en' ? '/bookings' : `/${tr.language}/bookings`);

// The button says what the reader goes there to do, when it is more than looking.
const bookingsLinkFor = (siteUrl: string | undefined, label = t('View my bookings')) => {
  const url = siteLink(siteUrl, bookingsPath());
  return url ? { label, url } : null;
};

// A waiting-list entry the brand closed (the date will not run, or the party no longer fits it):
// what it was for, and where the traveller goes from here.
const closedEntryFacts = (data: WaitlistNotRunningEmailData | WaitlistClosedEmailData): Fact[] => [
  [t('Package'), data.packageName],
  [t('Departure'), tripDate(data.startsOn)],
  [t('Your party'), String(data.travellers)],
];
const otherDatesLine = (packageName: string) =>
  t('The other dates of {trip} are on our website, and My bookings shows your waiting lists.', {
    trip: packageName,
  });

// The booking's facts, in the order both parts show them.
function bookingFacts(data: BookingEmailData): [string, string][] {
  return [
    [t('Booking reference'), data.reference],
    [t('Package'), data.packageName],
    [t('Departure'), tripDate(data.startsOn)],
    [t('Travellers'), travellersText(data.travellers)],
    [t('Price per person'), price(data.price)],
    [t('Total'), price(data.total)],
    [t('Status'), tr.known(bookingStatusLabels[data.status] ?? data.status)],
  ];
}

// A change: the booking as it stands now, each changed value beside what it was before.
// The old values are struck through in the HTML part, so the new ones read at a glance; the
// meeting point and time are those of the departure the booking is on now.
function changedFacts(data: BookingEmailData): Fact[] {
  const before = data.previous;
  // Only what changed: a new party on the same date shows no "Departure before".
  const was = (label: string, value: string, now: string): Fact[] =>
    before && value !== now ? [[label, value, { superseded: true }]] : [];
  return [
    [t('Booking reference'), data.reference],
    [t('Package'), data.packageName],
    ...was(t('Departure before'), tripDate(before?.startsOn ?? null), tripDate(data.startsOn)),
    [t('Departure'), tripDate(data.startsOn)],
    ...was(t('Travellers before'), travellersText(before?.travellers ?? 0), travellersText(data.travellers)),
    [t('Travellers'), travellersText(data.travellers)],
    [t('Price per person'), price(data.price)],
    ...was(t('Total before'), price(before?.total ?? 0), price(data.total)),
    [t('Total'), price(data.total)],
    [t('Status'), tr.known(bookingStatusLabels[data.status] ?? data.status)],
    ...meetingFacts(data),
  ];
}

// Seats came free on a date the traveller waits for: they are held, and My bookings accepts them.
function offerLetter(data: WaitlistOfferEmailData, options: RenderOptions): Letter {
  const deadline = formatDeadline(data.offerExpiresAt, options.timeZone, tr.language);
  const said = {
    trip: data.packageName,
    date: tripDate(data.startsOn),
    seats: seatsText(data.travellers),
    deadline,
    path: bookingsPath(),
  };
  // The offer is only useful with the way to accept it: without PUBLIC_ORIGIN, the site's path.
  const link = bookingsLinkFor(options.siteUrl, t('Accept in My bookings'));
  return {
    subject: t('Seats are free on {trip} – {date}', said),
    heading: t('Seats are free for you'),
    // The entry knows no name (only the account's address): instead of a bare "Hello," the first
    // line says what the offer is, which is also what the inbox shows beside the subject.
    intro: [
      t(
        'Seats came free on {trip} for {date}, and we are holding {seats} for your party until {deadline}. Accept the offer in My bookings to turn it into a booking request; after that the seats go to the next traveller waiting.',
        said,
      ),
      ...(link ? [] : [t('Sign in on our website and open My bookings ({path}) to accept.', said)]),
    ],
    facts: [
      [t('Package'), data.packageName],
      [t('Departure'), tripDate(data.startsOn)],
      [t('Seats held'), String(data.travellers)],
      [t('Offer open until'), deadline],
    ],
    link,
    outro: [contactLine()],
  };
}

// The brand moved the departure: the new date is held for the party until the deadline; Accept or
// Decline in My bookings, and silence counts as a decline (server/src/moves).
function moveOfferLetter(data: MoveOfferEmailData, options: RenderOptions): Letter {
  const deadline = formatDeadline(data.offerExpiresAt, options.timeZone, tr.language);
  const oldDate = tripDate(data.startsOn);
  const newDate = tripDate(data.newStartsOn);
  // The personal link opens its page in the booking's language (/es/moves/..., src/routes.ts).
  const answerPath =
    data.answerPath && tr.language !== 'en' ? `/${tr.language}${data.answerPath}` : data.answerPath;
  const personal = answerPath
    ? {
        label: t('Accept or decline the new date'),
        url: siteLink(options.siteUrl, answerPath) ?? answerPath,
      }
    : null;
  const link = personal ?? bookingsLinkFor(options.siteUrl, t('Accept or decline in My bookings'));
  const note = data.message?.trim() ? messageParagraphs(data.message) : [];
  // Never above the booking's (an email queued before moves stated the price: the booking's).
  const newPrice = Math.min(data.newPrice ?? data.price, data.price);
  const said = {
    trip: data.packageName,
    reference: data.reference,
    oldDate,
    newDate,
    deadline,
    seats: seatsText(data.travellers),
    path: bookingsPath(),
  };
  return {
    subject: t('New date for your trip: {newDate} – {reference} – {trip}', said),
    heading: t('Your departure will not run: a new date for you'),
    intro: [
      greeting(data.name),
      t(
        'We are sorry: {trip} on {oldDate} will not run. We are holding {seats} for your party on {newDate} until {deadline}.',
        said,
      ),
      movePriceLine(data.price, newPrice, data.travellers, price, tr),
      personal
        ? t(
            "Accept with the link below to move your booking to the new date: your travellers' details stay as they are. Or decline, and we cancel the booking with nothing to pay. If we hear nothing by {deadline}, the booking is cancelled. You can also call us to answer.",
            said,
          )
        : t(
            "Accept in My bookings to move your booking to the new date: your travellers' details stay as they are. Or decline, and we cancel the booking with nothing to pay. If we hear nothing by {deadline}, the booking is cancelled. You can also call us to answer.",
            said,
          ),
      ...(link ? [] : [t('Sign in on our website and open My bookings ({path}) to answer.', said)]),
    ],
    quoted: note,
    facts: [
      [t('Booking reference'), data.reference],
      [t('Package'), data.packageName],
      [t('Departure before'), oldDate, { superseded: true }],
      [t('New departure'), newDate],
      [t('Travellers'), travellersText(data.travellers)],
      ...(newPrice < data.price
        ? [[t('Price per person before'), price(data.price), { superseded: true }] as Fact]
        : []),
      [t('Price per person'), price(newPrice)],
      ...(newPrice < data.price
        ? [[t('Total before'), price(data.price * data.travellers), { superseded: true }] as Fact]
        : []),
      [t('Total'), price(newPrice * data.travellers)],
      [t('Answer by'), deadline],
    ],
    link,
    outro: [contactLine()],
  };
}

const meetingFacts = (data: BookingEmailData): Fact[] => [
  ...(data.meetingPoint?.trim() ? [[t('Meeting point'), data.meetingPoint.trim()] as [string, string]] : []),
  ...(data.meetingTime?.trim() ? [[t('Meeting time'), data.meetingTime.trim()] as [string, string]] : []),
];

// --- Money (contract v5) -----------------------------------------------------------------------

// Whether what is due now is (the rest of) the deposit: the deposit is not covered and has a deadline.
const depositPhase = (m: MoneyEmailData) => m.depositDueAt !== null && m.paidCents < m.depositCents;

// By when what is due now must be paid, as the reader reads dates.
const dueByText = (m: MoneyEmailData, options: RenderOptions) =>
  depositPhase(m)
    ? formatDeadline(m.depositDueAt!, options.timeZone, tr.language)
    : m.balanceDueOn
      ? tripDate(m.balanceDueOn)
      : null;

// The money rows of a booking's facts: the total, what is paid, what is due and by when, and any
// refund owed. Nothing for an email queued before contract v5.
function moneyFacts(data: BookingEmailData, options: RenderOptions): Fact[] {
  const m = data.money;
  if (!m) return [];
  const facts: Fact[] = [[t('Paid so far'), cents(m.paidCents, m.currency)]];
  if (m.dueNowCents > 0) {
    const by = dueByText(m, options);
    const amount = cents(m.dueNowCents, m.currency);
    facts.push([
      depositPhase(m) ? t('Deposit due') : t('Balance due'),
      by ? t('{amount} by {date}', { amount, date: by }) : amount,
    ]);
  }
  if (m.refundDueCents > 0) facts.push([t('We owe you'), cents(m.refundDueCents, m.currency)]);
  return facts;
}

// How to pay, with the booking's reference as the transfer's (PAYMENT_INSTRUCTIONS), whenever
// something is due.
const howToPay = (data: BookingEmailData): string[] =>
  data.money && data.money.dueNowCents > 0
    ? [
        data.money.payByCard
          ? t(
              'How to pay: by card with {card} in My bookings, or by bank transfer. {instructions} Your reference: {reference}.',
              {
                card: cardPaymentLabel(data.money, t),
                instructions: tr.known(data.money.instructions),
                reference: data.reference,
              },
            )
          : t('How to pay: {instructions} Your reference: {reference}.', {
              instructions: tr.known(data.money.instructions),
              reference: data.reference,
            }),
      ]
    : [];

const refundLine = (data: BookingEmailData): string[] =>
  data.money && data.money.refundDueCents > 0
    ? [
        t('We will send {amount} back to you the way you paid, and email you when it is on its way.', {
          amount: cents(data.money.refundDueCents, data.money.currency),
        }),
      ]
    : [];

function moneyLetter(
  kind: 'payment-receipt' | 'balance-reminder' | 'balance-overdue',
  data: BookingEmailData,
  options: RenderOptions,
): Letter {
  const m = data.money!;
  const link = bookingsLinkFor(options.siteUrl);
  const facts: Fact[] = [
    [t('Booking reference'), data.reference],
    [t('Package'), data.packageName],
    [t('Departure'), tripDate(data.startsOn)],
    [t('Total'), cents(m.totalCents, m.currency)],
  ];
  if (kind === 'payment-receipt') {
    const e = data.entry!;
    const amount = cents(e.amountCents, m.currency);
    const refund = e.kind === 'refund';
    const said = {
      amount,
      method: tr.known(paymentMethodLabels[e.method]).toLowerCase(),
      trip: data.packageName,
      reference: data.reference,
    };
    return {
      subject: refund
        ? t('Refund of {amount} recorded – {reference} – {trip}', said)
        : t('Payment of {amount} recorded – {reference} – {trip}', said),
      heading: refund ? t('Your refund is on its way') : t('Thank you for your payment'),
      intro: [
        greeting(data.name),
        refund
          ? t('We have refunded {amount} ({method}) for your booking of {trip}.', said)
          : t(
              'We have received {amount} ({method}) for your booking of {trip}. This email is your receipt.',
              said,
            ),
      ],
      facts: [...facts, [refund ? t('Refunded') : t('Received'), amount], ...moneyFacts(data, options)],
      link,
      outro: [...howToPay(data), ...refundLine(data), contactLine()],
    };
  }
  const due = cents(m.dueNowCents, m.currency);
  const on = m.balanceDueOn ? tripDate(m.balanceDueOn) : '';
  const said = { due, on, trip: data.packageName, reference: data.reference };
  if (kind === 'balance-reminder') {
    return {
      subject: t('Balance of {due} due {on} – {reference} – {trip}', said),
      heading: t('Your balance is due soon'),
      intro: [
        greeting(data.name),
        data.daysLeft !== undefined
          ? t('Your trip is getting closer: the balance of {due} for {trip} is due on {on}, in {days}.', {
              ...said,
              days: tp(data.daysLeft, '{count} day', '{count} days'),
            })
          : t('Your trip is getting closer: the balance of {due} for {trip} is due on {on}.', said),
      ],
      facts: [...facts, ...moneyFacts(data, options)],
      link,
      outro: [...howToPay(data), contactLine()],
    };
  }
  return {
    subject: t('Payment overdue – {reference} – {trip}', said),
    heading: t('Your balance is overdue'),
    intro: [
      greeting(data.name),
      t(
        'The balance of {due} for {trip} was due on {on} and we have not received it yet. Please pay it as soon as you can, or tell us if anything is wrong: your places are kept while we talk.',
        said,
      ),
    ],
    facts: [...facts, ...moneyFacts(data, options)],
    link,
    outro: [...howToPay(data), contactLine()],
  };
}

const tripLine = (data: BookingEmailData) => `${data.packageName}, ${tripDate(data.startsOn)}`;

function bookingLetter(
  kind: 'booking-received' | 'booking-confirmed' | 'booking-cancelled',
  data: BookingEmailData,
  options: RenderOptions,
): Letter {
  const said = { reference: data.reference, trip: data.packageName, brand: brand.name };
  const subject = {
    'booking-received': t('Booking {reference} received – {trip}', said),
    'booking-confirmed': t('Booking {reference} confirmed – {trip}', said),
    'booking-cancelled': t('Booking {reference} cancelled – {trip}', said),
  }[kind];
  const base = {
    subject,
    status: data.status,
    link: bookingsLinkFor(options.siteUrl),
  };
  switch (kind) {
    case 'booking-received': {
      // The terms the traveller read beside Book Now (contracts/terms.ts), for the date booked:
      // one already inside the cutoff is not promised an online cancellation.
      const terms = bookingTerms(
        options.cancellationCutoffDays,
        data.startsOn === null
          ? undefined
          : daysBetween(todayIso('UTC', options.queuedAt ?? new Date()), data.startsOn),
        tr.language,
      );
      return {
        ...base,
        heading: t('We have your booking request'),
        intro: [
          greeting(data.name),
          t(
            'Thank you for booking {trip} with {brand}. We have received your request and will confirm it by email shortly.',
            said,
          ),
        ],
        facts: [...bookingFacts(data), ...moneyFacts(data, options)],
        outro: [
          ...(data.money ? howToPay(data) : [terms.payment]),
          // With money on record, cancelling is not free: the booking's terms keep a fee.
          `${data.money ? terms.cancellation.replace(t('Free cancellation online'), t('Cancel online')) : terms.cancellation} ${terms.after}`,
          contactLine(),
        ],
      };
    }
    case 'booking-confirmed': {
      const calendar =
        data.startsOn !== null
          ? tripCalendar(
              { ...data, startsOn: data.startsOn },
              { stamp: options.queuedAt ?? new Date(), bookingsUrl: base.link?.url, language: tr.language },
            )
          : null;
      return {
        ...base,
        heading: t('Your booking is confirmed'),
        intro: [
          greeting(data.name),
          t(
            'Good news: your booking for {trip} is confirmed. Your guide and your group are looking forward to meeting you.',
            said,
          ),
        ],
        facts: [...bookingFacts(data), ...meetingFacts(data), ...moneyFacts(data, options)],
        outro: [
          ...howToPay(data),
          ...(calendar
            ? [t('The trip is attached as a calendar file: open it to add the date to your calendar.')]
            : []),
          contactLine(),
        ],
        attachments: calendar
          ? [
              {
                filename: `${data.reference}.ics`,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: calendar,
              },
            ]
          : [],
      };
    }
    case 'booking-cancelled': {
      const facts: Fact[] = bookingFacts(data);
      facts.push([t('Cancelled by'), cancelledByLabel(data.cancelledBy)]);
      if (data.reason?.trim()) facts.push([t('Reason'), tr.known(data.reason.trim())]);
      facts.push(...moneyFacts(data, options));
      return {
        ...base,
        heading: t('Your booking is cancelled'),
        intro: [
          greeting(data.name),
          data.cancelledBy === 'traveller'
            ? t('As you asked, we have cancelled your booking for {trip}. Its seats are released.', said)
            : t('We are sorry: {brand} has cancelled your booking for {trip}.', said),
        ],
        facts,
        outro: [
          ...refundLine(data),
          `${t('If this is not what you expected, or you would like to travel another time, we are glad to help.')} ${contactLine()}`,
        ],
      };
    }
  }
}

// The invited traveller's email: their own link, no account needed. Without a public origin the
// path is given as it is (the link is the point of the email).
function guestLinkLetter(
  kind: 'guest-invite' | 'guest-details-reminder',
  data: GuestInviteEmailData,
  options: RenderOptions,
): Letter {
  // The link opens the page in the booking's language.
  const path = tr.language === 'en' ? data.linkPath : `/${tr.language}${data.linkPath}`;
  const url = siteLink(options.siteUrl, path) ?? path;
  const until = data.editableUntil ? tripDate(data.editableUntil) : null;
  const reminder = kind === 'guest-details-reminder';
  const said = { trip: data.packageName, date: tripDate(data.startsOn), lead: data.leadName };
  return {
    subject: reminder
      ? t('Traveller details needed – {trip}, {date}', said)
      : // The subject names nobody: the lead's name is their account's display name, text a
        // stranger could choose, and an inbox shows the subject first (server/src/guest-links/lead-name.ts).
        t('Your travel details are requested – {trip}', said),
    heading: reminder ? t('Traveller details needed') : t('Your details for the trip'),
    intro: [
      t('Hello,'),
      reminder
        ? t(
            'Your trip with {lead} is getting closer and your details are still missing. Please add your full name, date of birth and an emergency contact: the guide needs them at the meeting point.',
            said,
          )
        : t(
            '{lead} booked {trip} with you and asks you to fill in your own details for the guide: your full name, date of birth, dietary needs and an emergency contact. No account is needed.',
            said,
          ),
    ],
    facts: [
      [t('Package'), data.packageName],
      [t('Departure'), tripDate(data.startsOn)],
      [t('Booked by'), data.leadName],
      ...(until ? [[t('Fill in by'), until] as Fact] : []),
    ],
    link: { label: t('Fill in my details'), url },
    outro: [
      reminder
        ? t('This link is yours alone: please do not forward it. It replaces any link we sent you before.')
        : t('This link is yours alone: please do not forward it.'),
      contactLine(),
    ],
  };
}

function letterFor<K extends EmailKind>(kind: K, payload: EmailPayloads[K], options: RenderOptions): Letter {
  switch (kind) {
    case 'booking-received':
    case 'booking-confirmed':
    case 'booking-cancelled':
      return bookingLetter(kind, payload as BookingEmailData, options);
    case 'booking-changed': {
      const data = payload as BookingEmailData;
      // A new date: the trip as a calendar file again, with the same UID (from the reference), so
      // a calendar that added the old date moves the event.
      const moved =
        data.previous !== undefined &&
        data.startsOn !== null &&
        data.previous.startsOn !== data.startsOn &&
        data.status !== 'cancelled';
      const calendar = moved
        ? tripCalendar(
            { ...data, startsOn: data.startsOn! },
            {
              stamp: options.queuedAt ?? new Date(),
              bookingsUrl: bookingsLinkFor(options.siteUrl)?.url,
              language: tr.language,
            },
          )
        : null;
      return {
        attachments: calendar
          ? [
              {
                filename: `${data.reference}.ics`,
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
                content: calendar,
              },
            ]
          : [],
        subject: t('Your booking has changed – {reference} – {trip}', {
          reference: data.reference,
          trip: data.packageName,
        }),
        heading: t('Your booking has changed'),
        intro: [
          greeting(data.name),
          t(
            'Your booking has changed. Here is your booking for {trip} as it stands now, with what it was before.',
            { trip: data.packageName },
          ),
        ],
        facts: [...changedFacts(data), ...moneyFacts(data, options)],
        status: data.status,
        link: bookingsLinkFor(options.siteUrl),
        outro: [
          ...howToPay(data),
          ...refundLine(data),
          ...(calendar
            ? [t('The new date is attached as a calendar file: open it to update your calendar.')]
            : []),
          contactLine(),
        ],
      };
    }
    case 'payment-receipt':
    case 'balance-reminder':
    case 'balance-overdue':
      return moneyLetter(kind, payload as BookingEmailData, options);
    case 'waitlist-offered':
      return offerLetter(payload as WaitlistOfferEmailData, options);
    case 'move-offered':
      return moveOfferLetter(payload as MoveOfferEmailData, options);
    case 'waitlist-not-running': {
      const data = payload as WaitlistNotRunningEmailData;
      const said = { trip: data.packageName, date: tripDate(data.startsOn) };
      return {
        subject: t('{date} will not run – {trip}', said),
        heading: t('This departure will not run'),
        intro: [
          `${t('We are sorry: {trip} on {date} will not run, so its waiting list is closed.', said)} ${otherDatesLine(data.packageName)}`,
        ],
        facts: closedEntryFacts(data),
        link: bookingsLinkFor(options.siteUrl),
        outro: [contactLine()],
      };
    }
    case 'waitlist-closed': {
      const data = payload as WaitlistClosedEmailData;
      return {
        subject: t('Your place on the waiting list is closed – {trip}, {date}', {
          trip: data.packageName,
          date: tripDate(data.startsOn),
        }),
        heading: t('Your place on the waiting list is closed'),
        intro: [
          `${entryNoLongerFitsMessage(data.capacity, data.travellers, tr)} ${otherDatesLine(data.packageName)}`,
        ],
        facts: [...closedEntryFacts(data), [t('Seats on the date'), String(data.capacity)]],
        link: bookingsLinkFor(options.siteUrl),
        outro: [contactLine()],
      };
    }
    case 'trip-reminder': {
      const data = payload as BookingEmailData;
      const link = bookingsLinkFor(options.siteUrl);
      const hasMeeting = Boolean(data.meetingPoint?.trim() || data.meetingTime?.trim());
      const said = { trip: data.packageName, date: tripDate(data.startsOn), phone: brand.phone };
      return {
        subject: t('Your trip is coming up – {trip}, {date}', said),
        heading: t('Your trip is coming up'),
        intro: [greeting(data.name), t('{trip} starts on {date}. Here is what you need for the day.', said)],
        facts: [
          [t('Departure'), tripDate(data.startsOn)],
          ...meetingFacts(data),
          [t('Travellers'), travellersText(data.travellers)],
          [t('Booking reference'), data.reference],
        ],
        link,
        outro: [
          ...(hasMeeting ? [] : [t('We will send you the meeting point and time before the trip.')]),
          link
            ? t("Your booking and your travellers' details are in My bookings.")
            : t("Your booking and your travellers' details are in My bookings on our website."),
          t('On the day, call us on {phone} if you are running late or cannot find the group.', said),
        ],
      };
    }
    case 'details-reminder': {
      const data = payload as BookingEmailData;
      const link = bookingsLinkFor(options.siteUrl, t('Add details in My bookings'));
      return {
        subject: t('Traveller details needed – {trip}, {date}', {
          trip: data.packageName,
          date: tripDate(data.startsOn),
        }),
        heading: t('Traveller details needed'),
        intro: [
          greeting(data.name),
          link
            ? t(
                "Your trip is getting closer. Before you travel we need every traveller's full name, date of birth and an emergency contact. Please add what is missing in My bookings.",
              )
            : t(
                "Your trip is getting closer. Before you travel we need every traveller's full name, date of birth and an emergency contact. Please add what is missing in My bookings on our website.",
              ),
        ],
        facts: [
          [t('Booking reference'), data.reference],
          [t('Package'), data.packageName],
          [t('Departure'), tripDate(data.startsOn)],
          [t('Travellers'), travellersText(data.travellers)],
          ...(data.missing?.length
            ? [[t('Still missing'), data.missing.map(missingText).join(', ')] as Fact]
            : []),
        ],
        link,
        outro: [contactLine()],
      };
    }
    case 'guest-invite':
    case 'guest-details-reminder':
      return guestLinkLetter(kind, payload as GuestInviteEmailData, options);
    case 'departure-message': {
      const data = payload as DepartureMessageData;
      return {
        subject: `${data.subject} – ${data.packageName}`,
        heading: data.subject,
        // One greeting: when the operator's own text opens with one ("Hello travellers,"), ours goes.
        intro: isGreeting((messageParagraphs(data.body)[0] ?? '').split('\n')[0]!)
          ? []
          : [greeting(data.name)],
        quoted: messageParagraphs(data.body),
        facts: [
          [t('Booking reference'), data.reference],
          [t('Package'), data.packageName],
          [t('Departure'), tripDate(data.startsOn)],
        ],
        link: bookingsLinkFor(options.siteUrl),
        outro: [contactLine()],
      };
    }
    case 'operations-request':
    case 'operations-cancellation':
    case 'operations-change': {
      const data = payload as OperationsEmailData;
      // Deleting an account erases the traveller's name, email and phone from these emails too
      // (server/src/me/repository.ts): a booking always has an email and a phone, so none left
      // means erased. The email then says what happened, without empty contact lines.
      const erased = data.email.trim() === '' && data.phone.trim() === '';
      const what =
        kind === 'operations-change' && data.acceptedMove
          ? 'Move accepted by the traveller'
          : kind === 'operations-cancellation' && erased
            ? 'Cancelled: account deleted'
            : {
                'operations-request': 'New booking request',
                'operations-cancellation': 'Cancelled by the traveller',
                'operations-change': 'Changed by the traveller',
              }[kind as 'operations-request'];
      // Linked in the HTML part, so the operations team reaches the traveller in one tap.
      const facts: Fact[] = [
        ...bookingFacts(data),
        ['Traveller', erased ? 'Erased with their account' : data.name],
      ];
      if (data.email.trim()) facts.push(['Email', data.email, { href: mailtoHref(data.email) }]);
      if (data.phone.trim()) facts.push(['Phone', data.phone, { href: callHref(data.phone) }]);
      if (data.before) facts.push(['Before the change', data.before]);
      if (data.reason?.trim()) facts.push(['Reason', data.reason.trim()]);
      const consoleUrl = siteLink(options.siteUrl, `/admin/bookings?q=${encodeURIComponent(data.reference)}`);
      const who = erased ? 'A traveller who deleted their account' : data.name;
      return {
        subject: `${what}: ${data.reference} – ${tripLine(data)}`,
        heading: what,
        intro: [
          kind === 'operations-request'
            ? `${who} asked for ${plural(data.travellers, 'traveller')} on ${tripLine(data)}. It waits for confirmation in the console.`
            : kind === 'operations-cancellation'
              ? erased
                ? `Booking ${data.reference} was cancelled when the traveller deleted their account. Its seats are free again; their name and contact details were erased with the account.`
                : `${who} cancelled booking ${data.reference} online. Its seats are free again.`
              : data.acceptedMove
                ? `${who} accepted the new date the brand offered for booking ${data.reference}.`
                : `${who} changed booking ${data.reference} online.`,
        ],
        facts,
        status: data.status,
        link: consoleUrl ? { label: 'Open in the console', url: consoleUrl } : null,
        outro: [`Sent to the operations address (OPERATIONS_EMAIL) by the ${brand.name} website.`],
      };
    }
  }
  throw new Error(`Unknown email kind: ${String(kind)}`);
}

// A link to write to or call the traveller, only for a value that is plainly an address or a number.
const mailtoHref = (email: string) => {
  const address = email.trim();
  return /^[^\s@<>"'(),;:\\?&#%]+@[^\s@<>"'(),;:\\?&#%]+\.[^\s@<>"'(),;:\\?&#%]+$/.test(address)
    ? `mailto:${address}`
    : null;
};
const callHref = (phone: string) => (phoneProblem(phone) === undefined ? telHref(phone) : null);

// An operator's plain text as paragraphs: blank lines part them, single newlines stay line breaks.
export const messageParagraphs = (body: string) =>
  body
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n+/)
    .map((p) => p.replace(/^\n+|\s+$/g, ''))
    .filter((p) => p.trim() !== '');

export function renderEmail<K extends EmailKind>(
  kind: K,
  data: EmailPayloads[K],
  options: RenderOptions = {},
): RenderedEmail {
  // The booking's language, English for every other email (docs/decisions/071-translation-layer.md).
  // The brand's own copies go to staff, in English whatever the traveller's language (their
  // payload is the traveller's email's, language included: server/src/bookings/booking-row.ts).
  const language: Language = kind.startsWith('operations-')
    ? 'en'
    : ((data as { language?: Language }).language ?? 'en');
  tr = translator(language);
  try {
    const letter = withCardPayment(letterFor(kind, data, options), data, t);
    const subject = oneLine(letter.subject);
    return {
      subject,
      html: renderHtml({ ...letter, subject }),
      text: renderText(letter),
      attachments: letter.attachments ?? [],
    };
  } finally {
    tr = translator('en');
  }
}

// The identity provider's own emails (confirm an address, reset a password) as the Auth Emulator
// keeps them: `npm start` sends them to the local inbox in the brand's layout
// (scripts/auth-emulator-mail.ts), so a newcomer confirms an address as in production, where
// Firebase sends them itself. `link` is the emulator's action link, used as it is.
export type AccountLinkEmail = { action: 'verify-email' | 'reset-password'; email: string; link: string };

export function renderAccountLinkEmail({ action, email, link }: AccountLinkEmail): RenderedEmail {
  const verify = action === 'verify-email';
  const letter: Letter = {
    subject: verify ? `Confirm your email address – ${brand.name}` : `Reset your password – ${brand.name}`,
    heading: verify ? 'Confirm your email address' : 'Reset your password',
    intro: [
      'Hello,',
      verify
        ? `Follow the link below to confirm ${email} as the address of your ${brand.name} account. Once it is confirmed you get every email about your bookings and can invite your fellow travellers.`
        : `Someone asked to reset the password of the ${brand.name} account for ${email}. Follow the link below to choose a new one.`,
    ],
    facts: [['Account', email]],
    link: { label: verify ? 'Confirm my email address' : 'Choose a new password', url: link },
    outro: [
      verify
        ? 'If you did not make an account with us, ignore this email.'
        : 'If you did not ask for this, ignore this email: your password stays as it is.',
      contactLine(),
    ],
  };
  const subject = oneLine(letter.subject);
  return { subject, html: renderHtml({ ...letter, subject }), text: renderText(letter), attachments: [] };
}

function renderText({ heading, intro, quoted = [], facts, link, outro }: Letter) {
  const width = Math.max(...facts.map(([label]) => label.length)) + 2;
  return [
    heading,
    '',
    ...[...intro, ...quoted].flatMap((p) => [p, '']),
    ...facts.map(([label, value]) => `${`${label}:`.padEnd(width)}${oneLine(value)}`),
    '',
    ...(link ? [`${link.label}: ${link.url}`, ''] : []),
    ...outro.flatMap((p) => [p, '']),
    '--',
    `${brand.name} · ${tr.known(brand.tagline)}`,
    `${brand.phone} · ${brand.email}`,
    brand.address,
    '',
  ].join('\n');
}

// The brand's phone and email never break across lines (a narrow screen split "+1 (415)" from
// "555-0142", and the address at its hyphen).
const keepWhole = (escaped: string) =>
  [brand.phone, brand.email].reduce(
    (html, value) =>
      html.split(escapeHtml(value)).join(`<span style="white-space:nowrap;">${escapeHtml(value)}</span>`),
    escaped,
  );

// A greeting says nothing in the inbox line beside the subject: the first paragraph that is not one.
// In Spanish ours ends with a colon ("Hola, Lucía:"), and an operator may write either language.
const greetings: Record<Language, RegExp[]> = {
  en: [/^(hi|hello|dear)\b[^\n]{0,80},$/i],
  es: [
    /^(hi|hello|dear)\b[^\n]{0,80},$/i,
    /^(hola|estimad[oa]s?|querid[oa]s?)(?![\p{L}\p{N}])[^\n]{0,80}[,:]$/iu,
  ],
};
const isGreeting = (paragraph: string) =>
  greetings[tr.language].some((greeting) => greeting.test(paragraph.trim()));

function renderHtml({ subject, heading, intro, quoted = [], facts, status, link, outro }: Letter) {
  const e = escapeHtml;
  // A newline inside a paragraph (an operator's message) stays a line break.
  const paragraph = (text: string) =>
    `<p style="margin:0 0 16px;font-family:${fontBody};font-size:16px;line-height:24px;color:${color.ink};word-break:break-word;">${text
      .split('\n')
      .map((line) => keepWhole(e(line)))
      .join('<br>')}</p>`;
  // Someone else's words, set apart from the brand's: a rule on the left, on sand.
  const quotation = quoted.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 16px;">
<tr><td bgcolor="${color.sand}" style="padding:16px 18px 0;background-color:${color.sand};border-left:4px solid ${color.teal};border-radius:0 10px 10px 0;">
${quoted.map(paragraph).join('\n')}
</td></tr></table>`
    : '';
  const factRow = ([label, value, show]: Fact, index: number) => {
    // The labels as this email's language writes them (`t` is its translator while it renders).
    const isStatus = label === t('Status') && status !== undefined;
    const valueHtml = isStatus
      ? `<span style="display:inline-block;padding:2px 10px;border-radius:999px;background-color:${statusColor[status] ?? color.teal};color:#ffffff;font-weight:bold;">${e(value)}</span>`
      : show?.href
        ? `<a href="${e(show.href)}" style="color:${color.teal};text-decoration:underline;">${e(value)}</a>`
        : show?.superseded
          ? `<span style="color:${color.inkSoft};text-decoration:line-through;">${e(value)}</span>`
          : e(value);
    const shade = index % 2 === 0 ? color.sand : color.paper;
    return `<tr>
<td valign="top" bgcolor="${shade}" style="padding:10px 14px;background-color:${shade};font-family:${fontBody};font-size:14px;line-height:20px;color:${color.inkSoft};width:40%;">${e(label)}</td>
<td valign="top" bgcolor="${shade}" style="padding:10px 14px;background-color:${shade};font-family:${fontBody};font-size:15px;line-height:20px;color:${color.ink};font-weight:${label === t('Total') || label === t('Booking reference') ? 'bold' : 'normal'};word-break:break-word;">${valueHtml}</td>
</tr>`;
  };
  const button = link
    ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
<tr><td bgcolor="${color.teal}" style="border-radius:8px;background-color:${color.teal};">
<a href="${e(link.url)}" style="display:inline-block;padding:12px 22px;font-family:${fontBody};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:8px;">${e(link.label)}</a>
</td></tr></table>`
    : '';
  // Outlook's Word engine ignores max-width: a fixed 600px table only it sees keeps the column.
  // The preheader: the line clients show beside the subject in the inbox, hidden in the message.
  const preheader = ([...intro, ...quoted].find((p) => !isGreeting(p)) ?? subject).replace(/\s+/g, ' ');
  return `<!DOCTYPE html>
<html lang="${tr.language}">
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
<p style="margin:4px 0 0;font-family:${fontBody};font-size:13px;line-height:18px;letter-spacing:1px;text-transform:uppercase;color:${color.sun};">${e(tr.known(brand.tagline))}</p>
</td></tr>
<tr><td bgcolor="${color.paper}" style="padding:28px;background-color:${color.paper};border-left:1px solid ${color.sandDeep};border-right:1px solid ${color.sandDeep};">
<h1 style="margin:0 0 20px;font-family:${fontDisplay};font-size:26px;line-height:32px;font-weight:bold;color:${color.tealDark};">${e(heading)}</h1>
${intro.map(paragraph).join('\n')}
${quotation}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:8px 0 24px;border:1px solid ${color.sandDeep};border-collapse:separate;border-radius:10px;overflow:hidden;">
${facts.map(factRow).join('\n')}
</table>
${button}
${outro.map(paragraph).join('\n')}
</td></tr>
<tr><td bgcolor="${color.teal}" style="padding:20px 28px;background-color:${color.teal};border-radius:0 0 14px 14px;">
<p style="margin:0 0 4px;font-family:${fontBody};font-size:14px;line-height:20px;font-weight:bold;color:#ffffff;">${e(brand.name)}</p>
<p style="margin:0;font-family:${fontBody};font-size:13px;line-height:20px;color:#e4eef0;">${keepWhole(e(brand.phone))} &middot; <a href="mailto:${e(brand.email)}" style="color:#ffffff;text-decoration:underline;white-space:nowrap;">${e(brand.email)}</a><br>${e(brand.address)}</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}
