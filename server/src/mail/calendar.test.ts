// @vitest-environment node
// The confirmation's calendar file, read back with ical.js (a strict RFC 5545 parser) as Google
// Calendar, Apple Calendar and Outlook would read it.
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { brand } from '#contracts/brand';
import { tripCalendar, tripEventUid } from './calendar.js';
import { renderEmail } from './templates.js';

const confirmed = {
  reference: 'WT-7K2M9QXA',
  name: 'Ada Lovelace',
  packageName: 'Swiss Alpine Lakes',
  startsOn: '2026-12-12',
  travellers: 3,
  price: 1890,
  total: 5670,
  status: 'confirmed' as const,
  meetingPoint: 'Zürich HB, meeting point under the clock; bring boots',
  meetingTime: '08:30',
};

function readEvent(ics: string) {
  // RFC 5545: CRLF line ends, lines folded at 75 octets.
  expect(ics.endsWith('\r\n')).toBe(true);
  for (const line of ics.split('\r\n')) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  }
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  return { calendar, event: events[0]!, vevent: new ICAL.Event(events[0]!) };
}

describe('the trip calendar file', () => {
  it('parses back: an all-day event on the departure, UID from the reference, package, brand as organiser', () => {
    const stamp = new Date('2026-11-20T10:00:00Z');
    const ics = tripCalendar(confirmed, { stamp, bookingsUrl: 'https://wayfarer-tours.example/bookings' });
    const { calendar, event, vevent } = readEvent(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain(brand.name);
    expect(vevent.uid).toBe(tripEventUid('WT-7K2M9QXA'));
    expect(vevent.summary).toBe('Swiss Alpine Lakes');
    expect(vevent.startDate.isDate).toBe(true);
    expect(vevent.startDate.toString()).toBe('2026-12-12');
    expect(vevent.endDate.isDate).toBe(true);
    expect(vevent.endDate.toString()).toBe('2026-12-13');
    expect(vevent.location).toBe(confirmed.meetingPoint);
    expect(vevent.description).toContain('Meeting at 08:30');
    const organizer = event.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe(`mailto:${brand.email}`);
    expect(organizer.getParameter('cn')).toBe(brand.name);
    expect(event.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-11-20T10:00:00Z');
    expect(event.getFirstPropertyValue('url')).toBe('https://wayfarer-tours.example/bookings');
  });

  it('is the same file every time it is built for the same queued email (retries, resends)', () => {
    const stamp = new Date('2026-11-20T10:00:00Z');
    expect(tripCalendar(confirmed, { stamp })).toBe(tripCalendar(confirmed, { stamp }));
  });

  it('the departure day stays the same in any time zone of the reader', () => {
    const { vevent } = readEvent(
      tripCalendar({ ...confirmed, startsOn: '2027-01-01' }, { stamp: new Date() }),
    );
    expect(vevent.startDate.toString()).toBe('2027-01-01');
  });

  it('text from people is escaped, not turned into properties', () => {
    const ics = tripCalendar(
      {
        ...confirmed,
        packageName: 'Lakes\r\nATTENDEE:mailto:victim@example.com',
        meetingPoint: 'A; B, C\\D',
      },
      { stamp: new Date() },
    );
    const { event, vevent } = readEvent(ics);
    expect(event.getAllProperties('attendee')).toHaveLength(0);
    expect(vevent.location).toBe('A; B, C\\D');
  });

  it('the confirmation email carries it as text/calendar; the other emails do not', () => {
    const queuedAt = new Date('2026-11-20T10:00:00Z');
    const email = renderEmail('booking-confirmed', confirmed, { queuedAt });
    expect(email.attachments).toHaveLength(1);
    const [file] = email.attachments;
    expect(file!.filename).toBe('WT-7K2M9QXA.ics');
    expect(file!.contentType).toMatch(/^text\/calendar; charset=utf-8/);
    expect(readEvent(file!.content).vevent.uid).toBe(tripEventUid('WT-7K2M9QXA'));
    expect(email.text).toContain('attached as a calendar file');
    expect(renderEmail('booking-received', { ...confirmed, status: 'requested' }).attachments).toEqual([]);
    // A booking with no date yet has nothing to put in a calendar.
    expect(renderEmail('booking-confirmed', { ...confirmed, startsOn: null }).attachments).toEqual([]);
  });
});
