// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { brand } from '../../../src/contracts/brand.js';
import { emailKinds, type BookingEmailData } from './outbox.js';
import { formatTripDate } from '../../../src/contracts/format.js';
import { bookingTerms } from '../../../src/contracts/terms.js';
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

// What a reader sees in the HTML part: tags dropped, entities decoded.
const visibleText = (html: string) =>
  html
    .replace(/<(style|title)[\s\S]*?<\/\1>/g, '')
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

  it.each(emailKinds.filter((k) => k !== 'waitlist-offered'))(
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
      expect(part).toContain('holding 2 seats for your party until Sun 10 Jan 2027, 14:30 UTC');
      expect(part).toMatch(/Offer open until:?\s+Sun 10 Jan 2027, 14:30 UTC/);
      expect(part).toContain('My bookings');
    }
    expect(renderEmail('waitlist-offered', offer).text).toContain('open My bookings (/bookings) to accept');
  });

  it('the received email carries the terms read beside Book Now, with the cutoff in force', () => {
    for (const days of [14, 21]) {
      const { html, text } = renderEmail('booking-received', data, { cancellationCutoffDays: days });
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
    expect(text).toContain('Your bookings: https://wayfarer-tours.example/bookings');
  });

  it('ignores a site address that is not http(s)', () => {
    const { html } = renderEmail('booking-confirmed', data, { siteUrl: 'javascript:alert(1)' });
    expect(html).not.toContain('javascript:');
  });

  it('rejects an unknown kind', () => {
    expect(() => renderEmail('booking-lost' as never, data)).toThrow(/Unknown email kind/);
  });
});

describe('dates in emails', () => {
  it('read as on the site (src/contracts/format.ts)', () => {
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
