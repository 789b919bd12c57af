// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { brand } from '#contracts/brand';
import { emailKinds, type BookingEmailData, type EmailKind, type EmailPayloads } from './outbox.js';
import { formatTripDate } from '#contracts/format';
import { bookingTerms } from '#contracts/terms';
import { escapeHtml, renderEmail } from './templates.js';

const data: BookingEmailData = {
  reference: 'WT-7K2M9QXA',
  name: 'Ada Lovelace',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2026-12-12',
  travellers: 3,
  price: 1890,
  total: 5670,
  status: 'requested',
};

// What a reader sees in the HTML part: tags dropped (inline ones, <span> and <a>, join their text
// to what is beside it), entities decoded.
const visibleText = (html: string) =>
  html
    .replace(/<(style|title)[\s\S]*?<\/\1>/g, '')
    .replace(/<\/?(?:span|a)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&middot;/g, '·')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('renderEmail', () => {
  it.each([
    ['booking-received', 'received'],
    ['booking-confirmed', 'confirmed'],
    ['booking-cancelled', 'cancelled'],
  ] as const)('%s: the subject carries the reference, the verb and the package', (kind, verb) => {
    const { subject } = renderEmail(kind, data);
    expect(subject).toBe(`Booking WT-7K2M9QXA ${verb} – Swiss Alpine Lakes`);
  });

  it.each(['booking-received', 'booking-confirmed', 'booking-cancelled', 'booking-changed'] as const)(
    '%s: both parts carry package, date, travellers, price, total and status',
    (kind) => {
      const status =
        kind === 'booking-confirmed' ? 'confirmed' : kind === 'booking-cancelled' ? 'cancelled' : 'requested';
      const { html, text } = renderEmail(kind, { ...data, status, cancelledBy: 'operator', reason: 'Storm' });
      const statusLabel = status[0]!.toUpperCase() + status.slice(1);
      for (const part of [text, visibleText(html)]) {
        expect(part).toContain('WT-7K2M9QXA');
        expect(part).toContain('Swiss Alpine Lakes');
        expect(part).toContain('Sat 12 Dec 2026');
        expect(part).toContain('3 travellers');
        expect(part).toContain('$1,890');
        expect(part).toContain('$5,670');
        expect(part).toMatch(new RegExp(`Status:?\\s+${statusLabel}`));
        expect(part).toContain('Hi Ada Lovelace,');
        expect(part).toContain(brand.phone);
        expect(part).toContain(brand.email);
      }
    },
  );

  it('booking-changed: "Your booking has changed" with the old and new date, travellers and total', () => {
    const { subject, html, text } = renderEmail('booking-changed', {
      ...data,
      startsOn: '2027-01-09',
      travellers: 4,
      total: 7560,
      previous: { startsOn: '2026-12-12', travellers: 3, total: 5670 },
    });
    expect(subject).toBe('Your booking has changed – WT-7K2M9QXA – Swiss Alpine Lakes');
    for (const part of [text, visibleText(html)]) {
      expect(part).toContain('Your booking has changed');
      expect(part).toMatch(/Departure before:?\s+Sat 12 Dec 2026/);
      expect(part).toMatch(/Departure:?\s+Sat 9 Jan 2027/);
      expect(part).toMatch(/Travellers before:?\s+3 travellers/);
      expect(part).toMatch(/Travellers:?\s+4 travellers/);
      expect(part).toMatch(/Total before:?\s+\$5,670/);
      expect(part).toMatch(/Total:?\s+\$7,560/);
    }
  });

  it('booking-changed: only what changed has a "before" line', () => {
    const { html, text } = renderEmail('booking-changed', {
      ...data,
      travellers: 2,
      total: 3780,
      previous: { startsOn: data.startsOn, travellers: 3, total: 5670 },
    });
    for (const part of [text, visibleText(html)]) {
      expect(part).not.toContain('Departure before');
      expect(part).toMatch(/Travellers before:?\s+3 travellers/);
      expect(part).toMatch(/Total before:?\s+\$5,670/);
    }
  });

  it('waitlist-offered: the seats held, until when, and the way to My bookings', () => {
    const offer = {
      packageName: 'Kyoto <Temples>',
      startsOn: '2027-03-04',
      travellers: 2,
      offerExpiresAt: '2027-01-10T14:30:00.000Z',
    };
    const { subject, html, text } = renderEmail('waitlist-offered', offer, {
      siteUrl: 'https://wayfarer.example',
    });
    expect(subject).toBe('Seats are free on Kyoto <Temples> – Thu 4 Mar 2027');
    expect(html).toContain('Kyoto &lt;Temples&gt;');
    expect(html).toContain('href="https://wayfarer.example/bookings"');
    for (const part of [text, visibleText(html)]) {
      expect(part).toContain('holding 2 seats for your party until Sun 10 Jan 2027, 06:30 PST');
      expect(part).toMatch(/Offer open until:?\s+Sun 10 Jan 2027, 06:30 PST/);
      expect(part).toContain('My bookings');
    }
    expect(renderEmail('waitlist-offered', offer).text).toContain('open My bookings (/bookings) to accept');
    // No bare "Hello,": the first line says what the offer is.
    const firstLine = text.split('\n').find((line, i) => i > 0 && line.trim() !== '');
    expect(firstLine).toMatch(/^Seats came free on Kyoto <Temples> for Thu 4 Mar 2027/);
    expect(text).not.toMatch(/^Hello,/m);
  });

  it('the received email carries the terms read beside Book Now, with the cutoff in force', () => {
    for (const days of [14, 21]) {
      const queuedAt = new Date('2026-10-01T09:00:00Z');
      const { html, text } = renderEmail('booking-received', data, {
        cancellationCutoffDays: days,
        queuedAt,
      });
      const terms = bookingTerms(days);
      for (const part of [text.replace(/\s+/g, ' '), visibleText(html)]) {
        expect(part).toContain('No payment is taken now');
        expect(part).toContain(`until ${days} days before the departure`);
        expect(part).toContain(terms.after);
      }
    }
    // Confirmations and cancellations do not repeat them.
    expect(renderEmail('booking-confirmed', { ...data, status: 'confirmed' }).text).not.toContain(
      'Free cancellation online',
    );
  });

  it('a date already inside the cutoff is not promised an online cancellation', () => {
    // 2026-12-12 is 13 days after 2026-11-29 and 14 after 2026-11-28.
    const inside = renderEmail('booking-received', data, { queuedAt: new Date('2026-11-29T23:30:00Z') });
    for (const part of [inside.text.replace(/\s+/g, ' '), visibleText(inside.html)]) {
      expect(part).not.toContain('Free cancellation online');
      expect(part).toContain('This date is less than 14 days away, so it cannot be cancelled online.');
      expect(part).toContain(`To cancel or change it, call us on ${brand.phone}`);
    }
    const onTheDay = renderEmail('booking-received', data, { queuedAt: new Date('2026-11-28T00:10:00Z') });
    expect(onTheDay.text.replace(/\s+/g, ' ')).toContain('until 14 days before the departure');
  });

  it('a booking without a departure says the date is to be agreed', () => {
    const { html, text } = renderEmail('booking-received', {
      ...data,
      startsOn: null,
      travellers: 1,
      total: 1890,
    });
    expect(text).toMatch(/Departure:\s+Date to be agreed/);
    expect(text).toMatch(/Travellers:\s+1 traveller\n/);
    expect(visibleText(html)).toContain('Date to be agreed');
  });

  it('a cancellation by the traveller says so, with the reason', () => {
    const { html, text } = renderEmail('booking-cancelled', {
      ...data,
      status: 'cancelled',
      cancelledBy: 'traveller',
      reason: 'Plans changed',
    });
    expect(text).toMatch(/Cancelled by:\s+You\n/);
    expect(text).toMatch(/Reason:\s+Plans changed\n/);
    expect(text).toContain('As you asked, we have cancelled your booking');
    expect(visibleText(html)).toContain('Cancelled by You');
    expect(visibleText(html)).toContain('Reason Plans changed');
  });

  it('a cancellation by the operator names Wayfarer Tours and the reason', () => {
    const { html, text } = renderEmail('booking-cancelled', {
      ...data,
      status: 'cancelled',
      cancelledBy: 'operator',
      reason: 'The departure was closed after a storm warning.',
    });
    expect(text).toMatch(/Cancelled by:\s+Wayfarer Tours\n/);
    expect(text).toMatch(/Reason:\s+The departure was closed after a storm warning\.\n/);
    expect(text).toContain('Wayfarer Tours has cancelled your booking');
    expect(visibleText(html)).toContain('Cancelled by Wayfarer Tours');
    expect(visibleText(html)).toContain('The departure was closed after a storm warning.');
  });

  it('a cancellation without a reason has no reason line', () => {
    const { text } = renderEmail('booking-cancelled', {
      ...data,
      status: 'cancelled',
      cancelledBy: 'system',
    });
    expect(text).not.toContain('Reason:');
    expect(text).toMatch(/Cancelled by:\s+Wayfarer Tours\n/);
  });

  it('hostile values come out as text, never as markup', () => {
    const hostile = {
      ...data,
      name: '<script>alert(1)</script>',
      packageName: '"><img src=x onerror=alert(2)>',
      status: 'cancelled' as const,
      cancelledBy: 'operator' as const,
      reason: "</td></tr></table><a href='javascript:alert(3)'>x</a>",
    };
    const { html, text, subject } = renderEmail('booking-cancelled', hostile);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain("<a href='javascript");
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;');
    expect(visibleText(html)).toContain(hostile.name);
    expect(visibleText(html)).toContain(hostile.reason);
    // The text part is not HTML: the values stay as typed.
    expect(text).toContain(hostile.name);
    expect(subject).toContain(hostile.packageName);
  });

  it('a newline in a value never breaks the subject onto a new header line', () => {
    const { subject } = renderEmail('booking-received', {
      ...data,
      packageName: 'Lakes\r\nBcc: victim@example.com',
    });
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).toBe('Booking WT-7K2M9QXA received – Lakes Bcc: victim@example.com');
  });

  it('the HTML part holds up in mail clients: tables, inline styles, 600px, nothing external', () => {
    const { html } = renderEmail('booking-confirmed', { ...data, status: 'confirmed' });
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('max-width:600px');
    expect(html).toContain('role="presentation"');
    expect(html).not.toMatch(/<style|<link|<script|<img|@import|url\(/i);
    expect(html).not.toMatch(/class=/);
    // Only the brand's mailto link; no external resource is fetched.
    expect(html.match(/(?:src|href)="[^"]*"/g)).toEqual([`href="mailto:${brand.email}"`]);
    // The site's palette.
    expect(html).toContain('#0a3642');
    expect(html).toContain('#f6efe6');
  });

  it('with the site address, links to the traveller’s bookings', () => {
    const { html, text } = renderEmail('booking-confirmed', data, {
      siteUrl: 'https://wayfarer-tours.example',
    });
    expect(html).toContain('href="https://wayfarer-tours.example/bookings"');
    expect(text).toContain('View my bookings: https://wayfarer-tours.example/bookings');
  });

  it('ignores a site address that is not http(s)', () => {
    const { html } = renderEmail('booking-confirmed', data, { siteUrl: 'javascript:alert(1)' });
    expect(html).not.toContain('javascript:');
  });

  it('rejects an unknown kind', () => {
    expect(() => renderEmail('booking-lost' as never, data as never)).toThrow(/Unknown email kind/);
  });
});

describe('dates in emails', () => {
  it('read as on the site (contracts/format.ts)', () => {
    expect(formatTripDate('2027-01-01')).toBe('Fri 1 Jan 2027');
    expect(formatTripDate(null)).toBe('Date to be agreed');
    expect(formatTripDate('soon')).toBe('soon');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

// One example of every kind, as the code that queues them writes the payload.
const money = {
  currency: 'USD',
  totalCents: 490_000,
  depositCents: 98_000,
  paidCents: 98_000,
  dueNowCents: 392_000,
  refundDueCents: 0,
  state: 'balance-due' as const,
  depositDueAt: '2026-12-11T10:00:00.000Z',
  balanceDueOn: '2026-11-06',
  instructions: 'Pay by bank transfer to IBAN XX00.',
};
const examples: { [K in EmailKind]: EmailPayloads[K] } = {
  'payment-receipt': {
    ...data,
    money,
    entry: { kind: 'payment', method: 'bank-transfer', amountCents: 98_000 },
  },
  'balance-reminder': { ...data, money, daysLeft: 14 },
  'balance-overdue': { ...data, money: { ...money, state: 'overdue' } },
  'booking-received': data,
  'booking-confirmed': {
    ...data,
    status: 'confirmed',
    meetingPoint: 'Zürich HB, under the clock',
    meetingTime: '08:30',
  },
  'booking-cancelled': { ...data, status: 'cancelled', cancelledBy: 'operator', reason: 'Storm' },
  'booking-changed': {
    ...data,
    startsOn: '2027-01-09',
    travellers: 4,
    total: 7560,
    previous: { startsOn: '2026-12-12', travellers: 3, total: 5670 },
  },
  'waitlist-offered': {
    packageName: 'Swiss Alpine Lakes',
    startsOn: '2027-03-04',
    travellers: 2,
    offerExpiresAt: '2027-01-10T14:30:00.000Z',
  },
  'waitlist-closed': {
    packageName: 'Swiss Alpine Lakes',
    startsOn: '2027-03-04',
    travellers: 3,
    capacity: 2,
  },
  'move-offered': {
    ...data,
    newStartsOn: '2027-01-09',
    offerExpiresAt: '2026-11-20T17:00:00.000Z',
    message: 'Too few travellers booked this date.\n\nWe hope the new one suits you.',
  },
  'waitlist-not-running': { packageName: 'Swiss Alpine Lakes', startsOn: '2027-03-04', travellers: 2 },
  'trip-reminder': {
    ...data,
    status: 'confirmed',
    meetingPoint: 'Zürich HB, under the clock',
    meetingTime: '08:30',
  },
  'details-reminder': { ...data, missing: ['Traveller 2 (invited)'] },
  'guest-invite': {
    packageName: data.packageName,
    startsOn: data.startsOn,
    leadName: 'Ada Lovelace',
    editableUntil: '2026-12-10',
    linkPath: '/travellers/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  },
  'guest-details-reminder': {
    packageName: data.packageName,
    startsOn: data.startsOn,
    leadName: 'Ada Lovelace',
    editableUntil: '2026-12-10',
    linkPath: '/travellers/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
  },
  'departure-message': {
    ...data,
    status: 'confirmed',
    subject: 'New meeting point',
    body: 'We now meet at the lake steamer pier.\nBring a warm layer.\n\nSee you soon,\nMarta',
  },
  'operations-request': { ...data, email: 'ada@example.com', phone: '+44 20 7946 0000' },
  'operations-cancellation': {
    ...data,
    status: 'cancelled',
    cancelledBy: 'traveller',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
  },
  'operations-change': {
    ...data,
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    before: 'Fri 4 Dec 2026, 2 travellers',
  },
};

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

const words = (s: string) =>
  new Set(
    s
      .split(/[\s:·–,.?!()"]+/)
      .map((w) => w.trim())
      .filter(Boolean),
  );

describe.each(emailKinds)('%s', (kind) => {
  const options = { siteUrl: 'https://wayfarer-tours.example' };

  it('the HTML and the text part say the same thing', () => {
    const { html, text } = renderEmail(kind, examples[kind] as never, options);
    // The same words, whatever the layout: a paragraph, fact or line missing from one part fails.
    const textWords = words(text.replace(/https:\/\/\S+/g, '').replace(/^--$/m, ''));
    const htmlWords = words(visibleText(html));
    expect([...htmlWords].filter((w) => !textWords.has(w))).toEqual([]);
    expect([...textWords].filter((w) => !htmlWords.has(w))).toEqual([]);
    // Whole sentences too: every paragraph of the text part reads the same in the HTML part.
    const htmlFlat = collapse(visibleText(html));
    const example = examples[kind];
    const name = 'name' in example ? example.name : '';
    for (const paragraph of [...name.split('\n'), ...text.split(/\n\s*\n/)]) {
      if (/^[^\n]*:\s/.test(paragraph) || paragraph.startsWith('--')) continue;
      expect(htmlFlat).toContain(collapse(paragraph));
    }
  });

  it("ends with the brand's phone, email and address in both parts", () => {
    const { html, text } = renderEmail(kind, examples[kind] as never, options);
    const tail = text.trimEnd().split('\n').slice(-3).join('\n');
    expect(tail).toContain(brand.phone);
    expect(tail).toContain(brand.email);
    expect(tail.endsWith(brand.address)).toBe(true);
    const htmlTail = visibleText(html.slice(html.lastIndexOf('<tr><td bgcolor')));
    expect(htmlTail).toContain(brand.phone);
    expect(htmlTail).toContain(brand.email);
    expect(htmlTail).toContain(brand.address);
  });

  it('keeps hostile text as text in the HTML part and the subject on one line', () => {
    const hostile = '<img src=x onerror=alert(1)>\r\nBcc: victim@example.com';
    const payload = { ...examples[kind], name: hostile, packageName: hostile } as never;
    const { html, subject } = renderEmail(kind, payload, options);
    expect(html).not.toContain('<img');
    expect(subject).not.toMatch(/[\r\n]/);
  });
});

describe('the trip reminder', () => {
  it('says the date, where and when to meet, the brand’s phone, and links to My bookings', () => {
    const { subject, text, html } = renderEmail('trip-reminder', examples['trip-reminder'], {
      siteUrl: 'https://wayfarer-tours.example',
    });
    expect(subject).toBe('Your trip is coming up – Swiss Alpine Lakes, Sat 12 Dec 2026');
    expect(text).toMatch(/Departure:\s+Sat 12 Dec 2026\n/);
    expect(text).toMatch(/Meeting point:\s+Zürich HB, under the clock\n/);
    expect(text).toMatch(/Meeting time:\s+08:30\n/);
    expect(text).toContain(`call us on ${brand.phone}`);
    expect(text).toContain('My bookings');
    expect(html).toContain('href="https://wayfarer-tours.example/bookings"');
  });

  it('without a meeting point yet, says one will follow', () => {
    const { text } = renderEmail('trip-reminder', { ...data, status: 'confirmed' });
    expect(text).not.toContain('Meeting point:');
    expect(text).toContain('We will send you the meeting point and time before the trip.');
  });

  it('"details needed" starts its subject so', () => {
    expect(renderEmail('details-reminder', data).subject).toMatch(/^Traveller details needed/);
  });
});

describe('a departure message', () => {
  it('is the operator’s plain text, escaped, with paragraphs and line breaks kept', () => {
    const body = 'Line one <b>not bold</b>\nline two & "three"\n\n<script>alert(1)</script> second paragraph';
    const { subject, html, text } = renderEmail('departure-message', {
      ...examples['departure-message'],
      subject: 'Change of <plan>',
      body,
    });
    expect(subject).toBe('Change of <plan> – Swiss Alpine Lakes');
    expect(html).not.toMatch(/<b>|<script|<plan>/);
    expect(html).toContain('Line one &lt;b&gt;not bold&lt;/b&gt;<br>line two &amp; &quot;three&quot;</p>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; second paragraph</p>');
    expect(html).toContain('>Change of &lt;plan&gt;</h1>');
    expect(text).toContain(body);
  });

  it('has one greeting: the operator’s own, when their text opens with one', () => {
    const name = examples['departure-message'].name;
    const greeted = renderEmail('departure-message', {
      ...examples['departure-message'],
      body: 'Hello travellers,\nthe bus leaves at 8.\n\nSee you there.',
    });
    expect(greeted.text).not.toContain(`Hi ${name},`);
    expect(visibleText(greeted.html)).not.toContain(`Hi ${name},`);
    expect(greeted.text).toContain('Hello travellers,');
    const plain = renderEmail('departure-message', {
      ...examples['departure-message'],
      body: 'The bus leaves at 8.',
    });
    expect(plain.text).toContain(`Hi ${name},`);
  });
});

describe('the operations copies', () => {
  it('name the traveller and how to reach them, with a link to the console', () => {
    const { subject, text } = renderEmail('operations-request', examples['operations-request'], {
      siteUrl: 'https://wayfarer-tours.example',
    });
    expect(subject).toBe('New booking request: WT-7K2M9QXA – Swiss Alpine Lakes, Sat 12 Dec 2026');
    expect(text).toMatch(/Email:\s+ada@example.com\n/);
    expect(text).toMatch(/Phone:\s+\+44 20 7946 0000\n/);
    expect(text).toContain('https://wayfarer-tours.example/admin/bookings?q=WT-7K2M9QXA');
    expect(renderEmail('operations-cancellation', examples['operations-cancellation']).subject).toMatch(
      /^Cancelled by the traveller: WT-7K2M9QXA/,
    );
  });
});

// What the screenshots at 375 px wide showed, kept from coming back.
describe('the layout on a narrow screen', () => {
  const options = { siteUrl: 'https://wayfarer-tours.example' };
  const nowrap = '<span style="white-space:nowrap;">';

  it.each(emailKinds)("%s: the brand's phone and email never break across lines", (kind) => {
    const { html } = renderEmail(kind, examples[kind] as never, options);
    // Everywhere they are read (the contact line, the terms, the footer), and nowhere bare.
    expect(html).toContain(`${nowrap}${brand.phone}</span>`);
    const rest = html
      .split(`${nowrap}${brand.phone}</span>`)
      .join('')
      .split(`${nowrap}${brand.email}</span>`)
      .join('')
      .replace(
        new RegExp(`<a href="mailto:${brand.email}" style="[^"]*white-space:nowrap;">${brand.email}</a>`),
        '',
      );
    expect(rest).not.toContain(brand.phone);
    expect(rest).not.toContain(brand.email);
  });
});

describe('the changed booking', () => {
  const changed = renderEmail('booking-changed', {
    ...examples['booking-changed'],
    status: 'confirmed',
    meetingPoint: 'Lucerne pier 2',
    meetingTime: '09:15',
  });

  it('strikes through what it was, so what it is now reads at a glance', () => {
    const struck = (value: string) =>
      `<span style="color:#4a5a64;text-decoration:line-through;">${value}</span>`;
    expect(changed.html).toContain(struck('Sat 12 Dec 2026'));
    expect(changed.html).toContain(struck('3 travellers'));
    expect(changed.html).toContain(struck('$5,670'));
    expect(changed.html).not.toContain(struck('Sat 9 Jan 2027'));
    expect(changed.html).not.toContain(struck('4 travellers'));
    expect(changed.html).not.toContain(struck('$7,560'));
    // The text part has no strike: the "before" labels say it.
    expect(changed.text).toMatch(/Departure before:\s+Sat 12 Dec 2026\n/);
  });

  it('gives the meeting point and time of the departure it is on now', () => {
    expect(changed.text).toMatch(/Meeting point:\s+Lucerne pier 2\n/);
    expect(changed.text).toMatch(/Meeting time:\s+09:15\n/);
    expect(visibleText(changed.html)).toContain('Meeting point Lucerne pier 2');
    expect(renderEmail('booking-changed', examples['booking-changed']).text).not.toContain('Meeting point');
  });
});

describe('a departure message, set out', () => {
  it("sets the operator's words apart from the greeting, as a quotation", () => {
    const { html, text } = renderEmail('departure-message', examples['departure-message']);
    const quote = html.slice(html.indexOf('border-left:4px solid #0f4c5c'));
    const quoted = quote.slice(0, quote.indexOf('</table>'));
    expect(quoted).toContain('We now meet at the lake steamer pier.<br>Bring a warm layer.</p>');
    expect(quoted).toContain('See you soon,<br>Marta</p>');
    expect(quoted).not.toContain('Hi Ada Lovelace');
    expect(html.indexOf('Hi Ada Lovelace,')).toBeLessThan(html.indexOf('border-left:4px solid #0f4c5c'));
    // The text part reads as before: greeting, then the message's paragraphs.
    expect(text).toContain(
      'Hi Ada Lovelace,\n\nWe now meet at the lake steamer pier.\nBring a warm layer.\n\nSee you soon,\nMarta\n',
    );
  });
});

describe('the inbox preview line (preheader)', () => {
  const preheader = (html: string) => /<div style="display:none;[^"]*">([^<]*)<\/div>/.exec(html)?.[1];

  it('is the first paragraph that is not a greeting', () => {
    expect(preheader(renderEmail('booking-received', data).html)).toBe(
      'Thank you for booking Swiss Alpine Lakes with Wayfarer Tours. We have received your request and will confirm it by email shortly.',
    );
    expect(preheader(renderEmail('operations-request', examples['operations-request']).html)).toBe(
      'Ada Lovelace asked for 3 travellers on Swiss Alpine Lakes, Sat 12 Dec 2026. It waits for confirmation in the console.',
    );
    const message = renderEmail('departure-message', {
      ...examples['departure-message'],
      body: 'Hello everyone,\n\nWe now meet at the pier.',
    });
    expect(preheader(message.html)).toBe('We now meet at the pier.');
  });
});

describe('the buttons', () => {
  const options = { siteUrl: 'https://wayfarer-tours.example' };
  const buttonOf = (html: string) => />([^<]+)<\/a>\s*<\/td><\/tr><\/table>/.exec(html)?.[1];

  it('say what the reader goes to My bookings to do', () => {
    const offer = renderEmail('waitlist-offered', examples['waitlist-offered'], options);
    expect(buttonOf(offer.html)).toBe('Accept in My bookings');
    expect(offer.text).toContain('Accept in My bookings: https://wayfarer-tours.example/bookings');
    const details = renderEmail('details-reminder', data, options);
    expect(buttonOf(details.html)).toBe('Add details in My bookings');
    expect(buttonOf(renderEmail('booking-confirmed', data, options).html)).toBe('View my bookings');
  });
});

describe('the operations copies, linked', () => {
  it("link the traveller's email and phone, so the team reaches them in one tap", () => {
    const { html, text } = renderEmail('operations-change', {
      ...examples['operations-change'],
      email: 'ada.king+trips@example.com',
      phone: '+44 (20) 7946-0000',
    });
    expect(html).toContain('href="mailto:ada.king+trips@example.com"');
    expect(html).toContain('href="tel:+442079460000"');
    expect(visibleText(html)).toContain('Email ada.king+trips@example.com');
    expect(visibleText(html)).toContain('Phone +44 (20) 7946-0000');
    expect(text).toMatch(/Phone:\s+\+44 \(20\) 7946-0000\n/);
  });

  it('do not link what is not plainly an address or a number', () => {
    const unlinkable: [email: string, phone: string][] = [
      ['ada@example.com?bcc=evil@example.com', 'call me'],
      ['javascript:alert(1)//@example.com', '12'],
      ['"><b>@x.y', '+44 20 7946 0000 ext. 12'],
    ];
    for (const [email, phone] of unlinkable) {
      const { html } = renderEmail('operations-request', { ...examples['operations-request'], email, phone });
      expect(html).not.toMatch(/href="(?:mailto|tel):(?!hello@wayfarer)/);
      expect(html).not.toContain('<b>');
    }
  });
});

describe('the operations copies, in words that fit what happened', () => {
  it('say a move the brand offered was accepted, not that the traveller changed the booking', () => {
    const { subject, text } = renderEmail('operations-change', {
      ...examples['operations-change'],
      acceptedMove: true,
    });
    expect(subject).toMatch(/^Move accepted by the traveller: /);
    expect(text).toContain('accepted the new date the brand offered');
    expect(text).not.toContain('Changed by the traveller');
  });

  it('say a booking was cancelled by an account deletion, without empty email and phone lines', () => {
    const { subject, html, text } = renderEmail('operations-cancellation', {
      ...examples['operations-cancellation'],
      name: 'Deleted account',
      email: '',
      phone: '',
    });
    expect(subject).toMatch(/^Cancelled: account deleted: /);
    expect(text).not.toContain('Deleted account cancelled');
    expect(text).toContain('was cancelled when the traveller deleted their account');
    expect(visibleText(html)).not.toMatch(/Email\s*$|Email\s+Phone/m);
    expect(text).not.toMatch(/^Email:/m);
    expect(text).not.toMatch(/^Phone:/m);
  });
});
