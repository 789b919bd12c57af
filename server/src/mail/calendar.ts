// The trip as a calendar file (RFC 5545), attached to the confirmation: one all-day event on the
// departure's date, made by ical-generator rather than by hand (folding, escaping and the
// all-day flags Outlook wants are its job).
import ical, { ICalCalendarMethod } from 'ical-generator';
import { brand } from '#contracts/brand';
import { addDays } from '#contracts/iso-dates';
import { translator } from '#contracts/i18n';
import type { Language } from '#contracts/language';

export type TripCalendarData = {
  reference: string;
  packageName: string;
  // ISO date.
  startsOn: string;
  travellers: number;
  meetingPoint?: string | null;
  meetingTime?: string | null;
};

// The UID stays the same for a booking whatever is sent: a calendar that imports the file twice
// (a second confirmation, a resend) updates the event instead of adding another.
export const tripEventUid = (reference: string) => `${reference}@wayfarer-tours.example`;

const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function tripCalendar(
  data: TripCalendarData,
  { stamp, bookingsUrl, language = 'en' }: { stamp: Date; bookingsUrl?: string | null; language?: Language },
): string {
  // In the booking's language, as its email (docs/decisions/071-translation-layer.md).
  const { t, tp } = translator(language);
  const calendar = ical({
    prodId: { company: brand.name, product: 'Bookings', language: language.toUpperCase() },
    name: brand.name,
    // PUBLISH: a calendar entry to keep, not a meeting invitation to answer.
    method: ICalCalendarMethod.PUBLISH,
  });
  const meeting = [data.meetingTime ? t('at {time}', { time: data.meetingTime }) : null, data.meetingPoint]
    .filter(Boolean)
    .join(', ');
  calendar.createEvent({
    id: tripEventUid(data.reference),
    // A calendar day: DTSTART;VALUE=DATE and an exclusive DTEND the day after.
    start: utcDay(data.startsOn),
    end: utcDay(addDays(data.startsOn, 1)),
    allDay: true,
    stamp,
    summary: data.packageName,
    organizer: { name: brand.name, email: brand.email },
    location: data.meetingPoint ?? null,
    description: [
      t('{brand} booking {reference}: {travellers}.', {
        brand: brand.name,
        reference: data.reference,
        travellers: tp(data.travellers, '{count} traveller', '{count} travellers'),
      }),
      meeting ? t('Meeting {meeting}.', { meeting }) : null,
      t('Questions: {phone}, {email}.', { phone: brand.phone, email: brand.email }),
    ]
      .filter(Boolean)
      .join('\n'),
    url: bookingsUrl ?? null,
  });
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  const text = calendar.toString();
  return text.endsWith('\r\n') ? text : `${text}\r\n`;
}
