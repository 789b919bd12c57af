// @vitest-environment node
// An email about a booking made on the Spanish site is written in Spanish, its calendar file too;
// the same email without a language is the English one, word for word as before
// (docs/decisions/071-translation-layer.md).
import { describe, expect, it } from 'vitest';
import type {
  BookingEmailData,
  EmailKind,
  EmailPayloads,
  MoneyEmailData,
  MoveOfferEmailData,
  WaitlistOfferEmailData,
} from './outbox.js';
import { renderEmail, type RenderOptions } from './templates.js';

const data: BookingEmailData = {
  reference: 'WT-7K2M9Q',
  name: 'Lucía',
  packageName: 'Kyoto Temples & Tea',
  startsOn: '2027-03-04',
  travellers: 2,
  price: 2450,
  total: 4900,
  status: 'requested',
};

describe('emails in the booking language', () => {
  it('the received email in Spanish: subject, greeting, facts, dates, prices and terms', () => {
    const { subject, html, text } = renderEmail(
      'booking-received',
      { ...data, language: 'es' },
      { siteUrl: 'https://wayfarer.example', queuedAt: new Date('2026-12-01T09:00:00Z') },
    );
    expect(subject).toBe('Reserva WT-7K2M9Q recibida – Kyoto Temples & Tea');
    expect(html).toContain('<html lang="es">');
    expect(text).toContain('Hola, Lucía:');
    expect(text).toContain('jue 4 mar 2027');
    expect(text).toContain('2 viajeros');
    expect(text).toContain('2450 US$');
    expect(text).toContain('4900 US$');
    expect(text).toContain(
      'Cancelación gratuita en línea, desde Mis reservas, hasta 14 días antes de la salida.',
    );
    expect(text).toContain('https://wayfarer.example/es/bookings');
    expect(text).not.toContain('Thank you');
  });

  it('the confirmation in Spanish attaches a Spanish calendar file', () => {
    const { attachments, subject } = renderEmail(
      'booking-confirmed',
      { ...data, status: 'confirmed', language: 'es', meetingTime: '08:30' },
      { queuedAt: new Date('2026-12-01T09:00:00Z') },
    );
    expect(subject).toBe('Reserva WT-7K2M9Q confirmada – Kyoto Temples & Tea');
    expect(attachments[0]!.content).toContain('Reserva WT-7K2M9Q de Wayfarer Tours: 2 viajeros.');
    expect(attachments[0]!.content.replace(/\r\n /g, '')).toContain('Punto de encuentro: a las 08:30.');
  });

  it('without a language, English as before; and English again after a Spanish one', () => {
    renderEmail('booking-received', { ...data, language: 'es' });
    const { subject, html, text } = renderEmail('booking-received', data);
    expect(subject).toBe('Booking WT-7K2M9Q received – Kyoto Temples & Tea');
    expect(html).toContain('<html lang="en">');
    expect(text).toContain('Hi Lucía,');
    expect(text).toContain('Thu 4 Mar 2027');
    expect(text).toContain('$4,900');
  });
});

// The emails a traveller reads after booking, each in the English it was written in before the
// Spanish came (its text part, line by line up to the signature: the HTML part says the same words,
// server/src/mail/templates.test.ts), and in Spanish with no English sentence left.
const booking: BookingEmailData = {
  reference: 'WT-7K2M9Q',
  name: 'Lucía',
  packageName: 'Kyoto Temples & Tea',
  startsOn: '2027-03-04',
  travellers: 2,
  price: 2450,
  total: 4900,
  status: 'confirmed',
  meetingPoint: 'Kyoto Station',
  meetingTime: '08:30',
};
const money: MoneyEmailData = {
  currency: 'USD',
  totalCents: 490000,
  depositCents: 98000,
  paidCents: 0,
  dueNowCents: 98000,
  refundDueCents: 0,
  state: 'deposit-due',
  depositDueAt: '2027-01-10T18:00:00Z',
  balanceDueOn: '2027-02-01',
  instructions: 'Transfer to IBAN X.',
};
const offer: WaitlistOfferEmailData = {
  packageName: 'Kyoto Temples & Tea',
  startsOn: '2027-03-04',
  travellers: 1,
  offerExpiresAt: '2027-01-02T10:00:00Z',
};
const move: MoveOfferEmailData = {
  ...booking,
  newStartsOn: '2027-03-11',
  offerExpiresAt: '2027-01-02T10:00:00Z',
};
const site: RenderOptions = {
  siteUrl: 'https://wayfarer.example',
  queuedAt: new Date('2026-12-01T09:00:00Z'),
  timeZone: 'America/Los_Angeles',
};
const noSite: RenderOptions = { queuedAt: new Date('2026-12-01T09:00:00Z') };

type Case = {
  name: string;
  kind: EmailKind;
  data: EmailPayloads[EmailKind];
  options: RenderOptions;
  subject: string;
  english: string[];
  // The operator's own subject stays as written: the departure message has none of ours.
  spanish?: { subject: string; heading: string };
};

const cases: Case[] = [
  {
    name: 'a change of date and party, with a deposit due',
    kind: 'booking-changed',
    data: { ...booking, previous: { startsOn: '2027-03-01', travellers: 3, total: 7350 }, money },
    options: site,
    subject: 'Your booking has changed – WT-7K2M9Q – Kyoto Temples & Tea',
    english: [
      'Your booking has changed',
      '',
      'Hi Lucía,',
      '',
      'Your booking has changed. Here is your booking for Kyoto Temples & Tea as it stands now, with what it was before.',
      '',
      'Booking reference: WT-7K2M9Q',
      'Package:           Kyoto Temples & Tea',
      'Departure before:  Mon 1 Mar 2027',
      'Departure:         Thu 4 Mar 2027',
      'Travellers before: 3 travellers',
      'Travellers:        2 travellers',
      'Price per person:  $2,450',
      'Total before:      $7,350',
      'Total:             $4,900',
      'Status:            Confirmed',
      'Meeting point:     Kyoto Station',
      'Meeting time:      08:30',
      'Paid so far:       $0.00',
      'Deposit due:       $980.00 by Sun 10 Jan 2027, 10:00 PST',
      '',
      'View my bookings: https://wayfarer.example/bookings',
      '',
      'How to pay: Transfer to IBAN X. Your reference: WT-7K2M9Q.',
      '',
      'The new date is attached as a calendar file: open it to update your calendar.',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Su reserva ha cambiado – WT-7K2M9Q – Kyoto Temples & Tea',
      heading: 'Su reserva ha cambiado',
    },
  },
  {
    name: 'a smaller party on the same date, with a refund owed',
    kind: 'booking-changed',
    data: {
      ...booking,
      previous: { startsOn: '2027-03-04', travellers: 3, total: 7350 },
      money: { ...money, dueNowCents: 0, refundDueCents: 5000 },
      status: 'requested',
      meetingPoint: null,
      meetingTime: null,
    },
    options: site,
    subject: 'Your booking has changed – WT-7K2M9Q – Kyoto Temples & Tea',
    english: [
      'Your booking has changed',
      '',
      'Hi Lucía,',
      '',
      'Your booking has changed. Here is your booking for Kyoto Temples & Tea as it stands now, with what it was before.',
      '',
      'Booking reference: WT-7K2M9Q',
      'Package:           Kyoto Temples & Tea',
      'Departure:         Thu 4 Mar 2027',
      'Travellers before: 3 travellers',
      'Travellers:        2 travellers',
      'Price per person:  $2,450',
      'Total before:      $7,350',
      'Total:             $4,900',
      'Status:            Requested',
      'Paid so far:       $0.00',
      'We owe you:        $50.00',
      '',
      'View my bookings: https://wayfarer.example/bookings',
      '',
      'We will send $50.00 back to you the way you paid, and email you when it is on its way.',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Su reserva ha cambiado – WT-7K2M9Q – Kyoto Temples & Tea',
      heading: 'Su reserva ha cambiado',
    },
  },
  {
    name: "a waiting list's offer",
    kind: 'waitlist-offered',
    data: offer,
    options: site,
    subject: 'Seats are free on Kyoto Temples & Tea – Thu 4 Mar 2027',
    english: [
      'Seats are free for you',
      '',
      'Seats came free on Kyoto Temples & Tea for Thu 4 Mar 2027, and we are holding 1 seat for your party until Sat 2 Jan 2027, 02:00 PST. Accept the offer in My bookings to turn it into a booking request; after that the seats go to the next traveller waiting.',
      '',
      'Package:          Kyoto Temples & Tea',
      'Departure:        Thu 4 Mar 2027',
      'Seats held:       1',
      'Offer open until: Sat 2 Jan 2027, 02:00 PST',
      '',
      'Accept in My bookings: https://wayfarer.example/bookings',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Hay plazas libres en Kyoto Temples & Tea – jue 4 mar 2027',
      heading: 'Hay plazas libres para usted',
    },
  },
  {
    name: "a waiting list's offer, without the site's address",
    kind: 'waitlist-offered',
    data: { ...offer, travellers: 3 },
    options: noSite,
    subject: 'Seats are free on Kyoto Temples & Tea – Thu 4 Mar 2027',
    english: [
      'Seats are free for you',
      '',
      'Seats came free on Kyoto Temples & Tea for Thu 4 Mar 2027, and we are holding 3 seats for your party until Sat 2 Jan 2027, 02:00 PST. Accept the offer in My bookings to turn it into a booking request; after that the seats go to the next traveller waiting.',
      '',
      'Sign in on our website and open My bookings (/bookings) to accept.',
      '',
      'Package:          Kyoto Temples & Tea',
      'Departure:        Thu 4 Mar 2027',
      'Seats held:       3',
      'Offer open until: Sat 2 Jan 2027, 02:00 PST',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Hay plazas libres en Kyoto Temples & Tea – jue 4 mar 2027',
      heading: 'Hay plazas libres para usted',
    },
  },
  {
    name: "a move of the date, cheaper, with the operator's note",
    kind: 'move-offered',
    data: { ...move, message: 'Sorry!\n\nThe guide is ill.', newPrice: 2000 },
    options: site,
    subject: 'New date for your trip: Thu 11 Mar 2027 – WT-7K2M9Q – Kyoto Temples & Tea',
    english: [
      'Your departure will not run: a new date for you',
      '',
      'Hi Lucía,',
      '',
      'We are sorry: Kyoto Temples & Tea on Thu 4 Mar 2027 will not run. We are holding 2 seats for your party on Thu 11 Mar 2027 until Sat 2 Jan 2027, 02:00 PST.',
      '',
      'The new date costs less, so your price drops to $2,000 per person: $4,000 in all instead of $4,900.',
      '',
      "Accept in My bookings to move your booking to the new date: your travellers' details stay as they are. Or decline, and we cancel the booking with nothing to pay. If we hear nothing by Sat 2 Jan 2027, 02:00 PST, the booking is cancelled. You can also call us to answer.",
      '',
      'Sorry!',
      '',
      'The guide is ill.',
      '',
      'Booking reference:       WT-7K2M9Q',
      'Package:                 Kyoto Temples & Tea',
      'Departure before:        Thu 4 Mar 2027',
      'New departure:           Thu 11 Mar 2027',
      'Travellers:              2 travellers',
      'Price per person before: $2,450',
      'Price per person:        $2,000',
      'Total before:            $4,900',
      'Total:                   $4,000',
      'Answer by:               Sat 2 Jan 2027, 02:00 PST',
      '',
      'Accept or decline in My bookings: https://wayfarer.example/bookings',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Nueva fecha para su viaje: jue 11 mar 2027 – WT-7K2M9Q – Kyoto Temples & Tea',
      heading: 'Su salida no se realizará: le proponemos una nueva fecha',
    },
  },
  {
    name: 'a move of the date, answered with a personal link',
    kind: 'move-offered',
    data: { ...move, answerPath: '/moves/abc' },
    options: site,
    subject: 'New date for your trip: Thu 11 Mar 2027 – WT-7K2M9Q – Kyoto Temples & Tea',
    english: [
      'Your departure will not run: a new date for you',
      '',
      'Hi Lucía,',
      '',
      'We are sorry: Kyoto Temples & Tea on Thu 4 Mar 2027 will not run. We are holding 2 seats for your party on Thu 11 Mar 2027 until Sat 2 Jan 2027, 02:00 PST.',
      '',
      'Your price stays the same: $2,450 per person, $4,900 in all.',
      '',
      "Accept with the link below to move your booking to the new date: your travellers' details stay as they are. Or decline, and we cancel the booking with nothing to pay. If we hear nothing by Sat 2 Jan 2027, 02:00 PST, the booking is cancelled. You can also call us to answer.",
      '',
      'Booking reference: WT-7K2M9Q',
      'Package:           Kyoto Temples & Tea',
      'Departure before:  Thu 4 Mar 2027',
      'New departure:     Thu 11 Mar 2027',
      'Travellers:        2 travellers',
      'Price per person:  $2,450',
      'Total:             $4,900',
      'Answer by:         Sat 2 Jan 2027, 02:00 PST',
      '',
      'Accept or decline the new date: https://wayfarer.example/moves/abc',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Nueva fecha para su viaje: jue 11 mar 2027 – WT-7K2M9Q – Kyoto Temples & Tea',
      heading: 'Su salida no se realizará: le proponemos una nueva fecha',
    },
  },
  {
    name: "a move of the date, without the site's address",
    kind: 'move-offered',
    data: move,
    options: noSite,
    subject: 'New date for your trip: Thu 11 Mar 2027 – WT-7K2M9Q – Kyoto Temples & Tea',
    english: [
      'Your departure will not run: a new date for you',
      '',
      'Hi Lucía,',
      '',
      'We are sorry: Kyoto Temples & Tea on Thu 4 Mar 2027 will not run. We are holding 2 seats for your party on Thu 11 Mar 2027 until Sat 2 Jan 2027, 02:00 PST.',
      '',
      'Your price stays the same: $2,450 per person, $4,900 in all.',
      '',
      "Accept in My bookings to move your booking to the new date: your travellers' details stay as they are. Or decline, and we cancel the booking with nothing to pay. If we hear nothing by Sat 2 Jan 2027, 02:00 PST, the booking is cancelled. You can also call us to answer.",
      '',
      'Sign in on our website and open My bookings (/bookings) to answer.',
      '',
      'Booking reference: WT-7K2M9Q',
      'Package:           Kyoto Temples & Tea',
      'Departure before:  Thu 4 Mar 2027',
      'New departure:     Thu 11 Mar 2027',
      'Travellers:        2 travellers',
      'Price per person:  $2,450',
      'Total:             $4,900',
      'Answer by:         Sat 2 Jan 2027, 02:00 PST',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Nueva fecha para su viaje: jue 11 mar 2027 – WT-7K2M9Q – Kyoto Temples & Tea',
      heading: 'Su salida no se realizará: le proponemos una nueva fecha',
    },
  },
  {
    name: 'a waiting list on a date that will not run',
    kind: 'waitlist-not-running',
    data: { packageName: booking.packageName, startsOn: '2027-03-04', travellers: 2 },
    options: site,
    subject: 'Thu 4 Mar 2027 will not run – Kyoto Temples & Tea',
    english: [
      'This departure will not run',
      '',
      'We are sorry: Kyoto Temples & Tea on Thu 4 Mar 2027 will not run, so its waiting list is closed. The other dates of Kyoto Temples & Tea are on our website, and My bookings shows your waiting lists.',
      '',
      'Package:    Kyoto Temples & Tea',
      'Departure:  Thu 4 Mar 2027',
      'Your party: 2',
      '',
      'View my bookings: https://wayfarer.example/bookings',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'La salida del jue 4 mar 2027 no se realizará – Kyoto Temples & Tea',
      heading: 'Esta salida no se realizará',
    },
  },
  {
    name: 'a waiting list the party no longer fits',
    kind: 'waitlist-closed',
    data: { packageName: booking.packageName, startsOn: '2027-03-04', travellers: 5, capacity: 4 },
    options: site,
    subject: 'Your place on the waiting list is closed – Kyoto Temples & Tea, Thu 4 Mar 2027',
    english: [
      'Your place on the waiting list is closed',
      '',
      'The date now has 4 seats in all, fewer than your party of 5: your place on its waiting list is closed. The other dates of Kyoto Temples & Tea are on our website, and My bookings shows your waiting lists.',
      '',
      'Package:           Kyoto Temples & Tea',
      'Departure:         Thu 4 Mar 2027',
      'Your party:        5',
      'Seats on the date: 4',
      '',
      'View my bookings: https://wayfarer.example/bookings',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Su plaza en la lista de espera se ha cerrado – Kyoto Temples & Tea, jue 4 mar 2027',
      heading: 'Su plaza en la lista de espera se ha cerrado',
    },
  },
  {
    name: 'a waiting list the party no longer fits, one seat left',
    kind: 'waitlist-closed',
    data: { packageName: booking.packageName, startsOn: '2027-03-04', travellers: 2, capacity: 1 },
    options: site,
    subject: 'Your place on the waiting list is closed – Kyoto Temples & Tea, Thu 4 Mar 2027',
    english: [
      'Your place on the waiting list is closed',
      '',
      'The date now has 1 seat in all, fewer than your party of 2: your place on its waiting list is closed. The other dates of Kyoto Temples & Tea are on our website, and My bookings shows your waiting lists.',
      '',
      'Package:           Kyoto Temples & Tea',
      'Departure:         Thu 4 Mar 2027',
      'Your party:        2',
      'Seats on the date: 1',
      '',
      'View my bookings: https://wayfarer.example/bookings',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Su plaza en la lista de espera se ha cerrado – Kyoto Temples & Tea, jue 4 mar 2027',
      heading: 'Su plaza en la lista de espera se ha cerrado',
    },
  },
  {
    name: 'the trip reminder',
    kind: 'trip-reminder',
    data: booking,
    options: site,
    subject: 'Your trip is coming up – Kyoto Temples & Tea, Thu 4 Mar 2027',
    english: [
      'Your trip is coming up',
      '',
      'Hi Lucía,',
      '',
      'Kyoto Temples & Tea starts on Thu 4 Mar 2027. Here is what you need for the day.',
      '',
      'Departure:         Thu 4 Mar 2027',
      'Meeting point:     Kyoto Station',
      'Meeting time:      08:30',
      'Travellers:        2 travellers',
      'Booking reference: WT-7K2M9Q',
      '',
      'View my bookings: https://wayfarer.example/bookings',
      '',
      "Your booking and your travellers' details are in My bookings.",
      '',
      'On the day, call us on +1 (415) 555-0142 if you are running late or cannot find the group.',
      '',
    ],
    spanish: {
      subject: 'Su viaje se acerca – Kyoto Temples & Tea, jue 4 mar 2027',
      heading: 'Su viaje se acerca',
    },
  },
  {
    name: "the trip reminder, no meeting point yet, without the site's address",
    kind: 'trip-reminder',
    data: { ...booking, meetingPoint: null, meetingTime: null },
    options: noSite,
    subject: 'Your trip is coming up – Kyoto Temples & Tea, Thu 4 Mar 2027',
    english: [
      'Your trip is coming up',
      '',
      'Hi Lucía,',
      '',
      'Kyoto Temples & Tea starts on Thu 4 Mar 2027. Here is what you need for the day.',
      '',
      'Departure:         Thu 4 Mar 2027',
      'Travellers:        2 travellers',
      'Booking reference: WT-7K2M9Q',
      '',
      'We will send you the meeting point and time before the trip.',
      '',
      "Your booking and your travellers' details are in My bookings on our website.",
      '',
      'On the day, call us on +1 (415) 555-0142 if you are running late or cannot find the group.',
      '',
    ],
    spanish: {
      subject: 'Su viaje se acerca – Kyoto Temples & Tea, jue 4 mar 2027',
      heading: 'Su viaje se acerca',
    },
  },
  {
    name: 'the details reminder',
    kind: 'details-reminder',
    data: { ...booking, missing: ['Traveller 2 (invited)', 'Traveller 3'] },
    options: site,
    subject: 'Traveller details needed – Kyoto Temples & Tea, Thu 4 Mar 2027',
    english: [
      'Traveller details needed',
      '',
      'Hi Lucía,',
      '',
      "Your trip is getting closer. Before you travel we need every traveller's full name, date of birth and an emergency contact. Please add what is missing in My bookings.",
      '',
      'Booking reference: WT-7K2M9Q',
      'Package:           Kyoto Temples & Tea',
      'Departure:         Thu 4 Mar 2027',
      'Travellers:        2 travellers',
      'Still missing:     Traveller 2 (invited), Traveller 3',
      '',
      'Add details in My bookings: https://wayfarer.example/bookings',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Faltan datos de viajero – Kyoto Temples & Tea, jue 4 mar 2027',
      heading: 'Faltan datos de viajero',
    },
  },
  {
    name: "the details reminder, without the site's address",
    kind: 'details-reminder',
    data: booking,
    options: noSite,
    subject: 'Traveller details needed – Kyoto Temples & Tea, Thu 4 Mar 2027',
    english: [
      'Traveller details needed',
      '',
      'Hi Lucía,',
      '',
      "Your trip is getting closer. Before you travel we need every traveller's full name, date of birth and an emergency contact. Please add what is missing in My bookings on our website.",
      '',
      'Booking reference: WT-7K2M9Q',
      'Package:           Kyoto Temples & Tea',
      'Departure:         Thu 4 Mar 2027',
      'Travellers:        2 travellers',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
    spanish: {
      subject: 'Faltan datos de viajero – Kyoto Temples & Tea, jue 4 mar 2027',
      heading: 'Faltan datos de viajero',
    },
  },
  {
    name: "a departure's message",
    kind: 'departure-message',
    data: { ...booking, subject: 'Packing list', body: 'Bring boots.\nAnd a hat.' },
    options: site,
    subject: 'Packing list – Kyoto Temples & Tea',
    english: [
      'Packing list',
      '',
      'Hi Lucía,',
      '',
      'Bring boots.',
      'And a hat.',
      '',
      'Booking reference: WT-7K2M9Q',
      'Package:           Kyoto Temples & Tea',
      'Departure:         Thu 4 Mar 2027',
      '',
      'View my bookings: https://wayfarer.example/bookings',
      '',
      'Questions? Reply to this email, write to hello@wayfarer-tours.example or call +1 (415) 555-0142.',
      '',
    ],
  },
];

const render = (c: Case, language?: 'es') =>
  renderEmail(c.kind, { ...c.data, ...(language ? { language } : {}) } as never, c.options);

// The text part up to the signature ("--" and the brand's lines, the same in every email).
const body = (text: string) => text.split('\n--\n')[0]!.split('\n');

// Words of English sentences that Spanish never writes: what is left of an English text.
const english =
  /\b(the|your|you|we|and|is|are|of|on|for|with|to|will|not|by|in|has|have|our|please|before|after|seats?|date|travellers?|departure|package|status|booking)\b/i;
// What the reader sees of the HTML part.
const visible = (html: string) =>
  html
    .replace(/<(style|title)[\s\S]*?<\/\1>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z#0-9]+;/g, ' ');
// Everything but the values the traveller or the operator wrote (the package's name, a note).
// (PAYMENT_INSTRUCTIONS is the brand's own text, written once for every language.)
const ours = (text: string) =>
  text
    .replaceAll('Kyoto Temples & Tea', '')
    .replaceAll(money.instructions, '')
    .replace(/Sorry!|The guide is ill\./g, '');

describe('the emails after booking, in English as before and in Spanish', () => {
  for (const c of cases) {
    it(`${c.name}: English as written before`, () => {
      const { subject, html, text } = render(c);
      expect(body(text)).toEqual(c.english);
      expect(subject).toBe(c.subject);
      expect(html).toContain('<html lang="en">');
      // The English a traveller without a language gets is the English an "en" booking gets.
      expect(renderEmail(c.kind, { ...c.data, language: 'en' } as never, c.options).text).toBe(text);
    });

    it(`${c.name}: in Spanish, with no English sentence left`, () => {
      const { subject, html, text } = render(c, 'es');
      if (c.spanish) {
        expect(subject).toBe(c.spanish.subject);
        expect(body(text)[0]).toBe(c.spanish.heading);
      }
      expect(html).toContain('<html lang="es">');
      for (const line of body(text)) {
        if (c.kind === 'departure-message' && /Packing list|Bring boots|And a hat/.test(line)) continue;
        expect(ours(line)).not.toMatch(english);
      }
      expect(ours(visible(html)).replace(/Packing list|Bring boots\.|And a hat\./g, '')).not.toMatch(english);
      // Not one English line of the same email is in the Spanish one.
      const spanish = new Set(body(text));
      for (const line of body(render(c).text)) {
        if (
          line.trim() &&
          !/^(WT-|https?:|Packing list|Bring boots|And a hat|Sorry!|The guide is ill)/.test(line)
        ) {
          expect(spanish.has(line)).toBe(false);
        }
      }
    });
  }

  it('the Spanish change attaches the new date as a Spanish calendar file', () => {
    const { attachments, text } = renderEmail(
      'booking-changed',
      { ...booking, previous: { startsOn: '2027-03-01', travellers: 2, total: 4900 }, language: 'es' },
      site,
    );
    expect(attachments[0]!.filename).toBe('WT-7K2M9Q.ics');
    const ics = attachments[0]!.content.replace(/\r\n /g, '');
    expect(ics).toContain('Reserva WT-7K2M9Q de Wayfarer Tours: 2 viajeros.');
    expect(ics).toContain('Punto de encuentro: a las 08:30\\, Kyoto Station.');
    expect(ics).toContain('https://wayfarer.example/es/bookings');
    expect(text).toContain('Salida anterior:          lun 1 mar 2027');
  });

  it("the Spanish move's personal link opens the Spanish answer page", () => {
    const { text } = renderEmail('move-offered', { ...move, answerPath: '/moves/abc', language: 'es' }, site);
    expect(text).toContain('Aceptar o rechazar la nueva fecha: https://wayfarer.example/es/moves/abc');
    expect(renderEmail('move-offered', { ...move, answerPath: '/moves/abc' }, noSite).text).toContain(
      'Accept or decline the new date: /moves/abc',
    );
    expect(
      renderEmail('move-offered', { ...move, answerPath: '/moves/abc', language: 'es' }, noSite).text,
    ).toContain('Aceptar o rechazar la nueva fecha: /es/moves/abc');
  });

  it('without the site address, the Spanish emails name the Spanish My bookings', () => {
    expect(renderEmail('waitlist-offered', { ...offer, language: 'es' }, noSite).text).toContain(
      'Inicie sesión en nuestra web y abra Mis reservas (/es/bookings) para aceptarla.',
    );
  });

  it('the card button and the "How to pay" line say "Pagar el depósito" in Spanish', () => {
    const { text, html } = renderEmail(
      'booking-changed',
      {
        ...booking,
        previous: { startsOn: '2027-03-01', travellers: 2, total: 4900 },
        money: { ...money, payByCard: true },
        language: 'es',
      },
      site,
    );
    expect(text).toContain('Pagar el depósito: https://wayfarer.example/es/bookings');
    expect(text).toContain('con “Pagar el depósito” en Mis reservas');
    expect(html).toContain('>Pagar el depósito</a>');
  });

  it('the Spanish status is a badge and the total bold, as in English', () => {
    const status = (html: string) => /Estado<\/td>\s*<td[^>]*><span style="display:inline-block/.test(html);
    const { html } = renderEmail('booking-confirmed', { ...booking, language: 'es' }, site);
    expect(status(html)).toBe(true);
    expect(html).toMatch(/font-weight:bold;word-break:break-word;">4900\u00a0US\$<\/td>/);
    expect(renderEmail('booking-confirmed', booking, site).html).toMatch(
      /Status<\/td>\s*<td[^>]*><span style="display:inline-block/,
    );
  });

  it('the inbox line of a Spanish email is its first sentence, not "Hola, Lucía:"', () => {
    const { html } = renderEmail('trip-reminder', { ...booking, language: 'es' }, site);
    expect(html).toMatch(
      /<div style="display:none;[^>]*>Kyoto Temples &amp; Tea empieza el jue 4 mar 2027\./,
    );
  });

  it("a Spanish operator's greeting replaces ours; the operator's words stay as written", () => {
    const { text } = renderEmail(
      'departure-message',
      { ...booking, subject: 'Lista de equipaje', body: 'Hola a todos,\n\nTraigan botas.', language: 'es' },
      site,
    );
    expect(body(text).slice(0, 5)).toEqual(['Lista de equipaje', '', 'Hola a todos,', '', 'Traigan botas.']);
    expect(text).not.toContain('Hola, Lucía:');
    expect(text).toContain('Referencia de la reserva: WT-7K2M9Q');
  });

  it("the details reminder's missing travellers, in Spanish; a name stays as written", () => {
    const { text } = renderEmail(
      'details-reminder',
      { ...booking, missing: ['Lucía Ruiz (you)', 'Traveller 2 (invited)', 'Traveller 3'], language: 'es' },
      site,
    );
    expect(text).toContain('Faltan datos de:          Lucía Ruiz (usted), Viajero 2 (invitado), Viajero 3');
  });

  it('the booking cancelled after a declined move gives the reason in Spanish', () => {
    const { text } = renderEmail(
      'booking-cancelled',
      {
        ...booking,
        status: 'cancelled',
        cancelledBy: 'system',
        reason: 'The departure did not run',
        language: 'es',
      },
      site,
    );
    expect(text).toContain('Motivo:                   La salida no se realizó');
  });

  it("the brand's own copies stay English for a Spanish booking", () => {
    for (const kind of ['operations-request', 'operations-change', 'operations-cancellation'] as const) {
      const { html, text } = renderEmail(
        kind,
        { ...booking, email: 'lucia@example.com', phone: '+34 612 345 678', language: 'es' },
        site,
      );
      expect(html).toContain('<html lang="en">');
      expect(text).toContain('Booking reference: WT-7K2M9Q');
      expect(text).toContain('Thu 4 Mar 2027');
      expect(text).toContain('$4,900');
      expect(text).not.toMatch(/Referencia|viajeros|US\$/);
    }
  });
});
