// @vitest-environment node
// An email about a booking made on the Spanish site is written in Spanish, its calendar file too;
// the same email without a language is the English one, word for word as before
// (docs/decisions/071-translation-layer.md).
import { describe, expect, it } from 'vitest';
import type { BookingEmailData } from './outbox.js';
import { renderEmail } from './templates.js';

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
