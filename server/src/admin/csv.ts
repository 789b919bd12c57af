// CSV for spreadsheets: RFC 4180 (quotes doubled, CRLF line ends) with formula injection
// neutralised as OWASP's "CSV Injection" page advises.
import type { AdminBooking, ManifestBooking } from '../../../src/contracts/admin.js';

// A cell starting with one of these is run as a formula by Excel, LibreOffice or Google Sheets
// (`=cmd|' /C calc'!A0`, `+1+1`, `@SUM(1)`), and tab or CR can hide such a start.
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  // Our own numbers (seats, dollars) are never negative: written as they are, so they stay numbers.
  if (typeof value === 'number') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const bookingCsvHeader = [
  'Reference',
  'Status',
  'Package',
  'Departure',
  'Travellers',
  'Price per person',
  'Total',
  'Name',
  'Email',
  'Phone',
  'Address',
  'Booked at',
  'Cancel reason',
];

export const bookingCsvRow = (b: AdminBooking) =>
  csvRow([
    b.reference,
    b.status,
    b.packageName,
    b.startsOn,
    b.travellers,
    b.price,
    b.total,
    b.name,
    b.email,
    b.phone,
    b.address,
    b.createdAt,
    b.cancelReason,
  ]);

// GET /api/admin/departures/{id}/manifest.csv: one row per traveller of every active booking.
export const manifestCsvHeader = [
  'Reference',
  'Lead name',
  'Email',
  'Phone',
  'Traveller',
  'Date of birth',
  'Dietary needs',
  'Medical or accessibility notes',
  'Emergency contact',
  'Emergency phone',
  'Check-in',
];

export const manifestCsvRows = (b: ManifestBooking) =>
  b.guests
    .map((g) =>
      csvRow([
        b.reference,
        b.name,
        b.email,
        b.phone,
        g.fullName,
        g.dateOfBirth,
        g.dietary,
        g.medical,
        g.emergencyName,
        g.emergencyPhone,
        g.checkIn,
      ]),
    )
    .join('');
