import type { AdminBooking, ManifestBooking, ManifestQuestion } from '#contracts/api';
import { csvDollars, dollarsToCents } from '#contracts/money';
// CSV for spreadsheets: RFC 4180 (quotes doubled, CRLF line ends) with formula injection
// neutralised as OWASP's "CSV Injection" page advises. How the file is made to open cleanly in
// Excel, Numbers and LibreOffice (byte-order mark, phones and references as text, ISO dates):
// docs/decisions/009-csv-for-spreadsheets.md.

// UTF-8's byte-order mark, first in the file: without it Excel reads the file in the PC's legacy
// code page and "Zoë" becomes "ZoÃ«".
export const csvBom = '\uFEFF';

// A cell starting with one of these is run as a formula by Excel, LibreOffice or Google Sheets
// (`=cmd|' /C calc'!A0`, `+1+1`, `@SUM(1)`), and tab or CR can hide such a start.
const formulaStart = /^[=+\-@\t\r]/;

// A value to keep exactly as written (a phone, a reference): spreadsheets would otherwise read
// "0207946 0000" or "447700900123" as a number, dropping the leading zero or showing 4.48E+11,
// and "+44 7700 900123" as a formula.
export type CsvText = { text: string | null };
export const asText = (text: string | null): CsvText => ({ text });

// Only what a phone or a reference holds is written as a text formula; anything else (a phone
// stored before the phone rule with other characters) goes through the ordinary, neutralised path.
const safeForTextFormula = /^[0-9A-Za-z+()\-. ]{1,64}$/;

export type CsvValue = string | number | null | CsvText;

const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  // Our own numbers (seats, dollars) are never negative: written as they are, so they stay numbers.
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object') {
    if (value.text === null || value.text === '') return '';
    // ="…" is a formula whose result is the text itself: the cell shows +44 7700 900123.
    if (safeForTextFormula.test(value.text)) return quote(`="${value.text}"`);
    return csvCell(value.text);
  }
  return quote(formulaStart.test(value) ? `'${value}` : value);
}

export const csvRow = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;

// A moment as spreadsheets read a date and time: "2026-03-12 14:05:09", in UTC (the header says
// so). ISO 8601's "T" and "Z" would make most spreadsheets keep it as plain text.
export function csvMoment(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().slice(0, 19).replace('T', ' ');
}

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
  'Booked at (UTC)',
  'Cancel reason',
];

export const bookingCsvRow = (b: AdminBooking) =>
  csvRow([
    asText(b.reference),
    b.status,
    b.packageName,
    // ISO YYYY-MM-DD: every spreadsheet reads it as a date, whatever its locale.
    b.startsOn,
    b.travellers,
    // Dollars as a number a spreadsheet reads (contracts/money.ts), from the answer's whole dollars.
    csvDollars(dollarsToCents(b.price)),
    csvDollars(dollarsToCents(b.total)),
    b.name,
    b.email,
    asText(b.phone),
    b.address,
    csvMoment(b.createdAt),
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

// A yes/no answer reads Yes or No; an unanswered question is an empty cell.
const answerCell = (value: string | boolean | undefined) =>
  value === undefined ? '' : value === true ? 'Yes' : value === false ? 'No' : value;

export const manifestCsvRows = (b: ManifestBooking, questions: readonly ManifestQuestion[] = []) =>
  b.guests
    .map((g) => csvRow([...manifestCells(b, g), ...questions.map((q) => answerCell(g.answers?.[q.id]))]))
    .join('');

const manifestCells = (b: ManifestBooking, g: ManifestBooking['guests'][number]) => [
  asText(b.reference),
  b.name,
  b.email,
  asText(b.phone),
  g.fullName,
  g.dateOfBirth,
  g.dietary,
  g.medical,
  g.emergencyName,
  asText(g.emergencyPhone),
  g.checkIn,
];

// The CSV of a paged read, one chunk a page: the header, then each page's rows, the next page read
// only when the consumer asks for the chunk after the last (a Readable pulls as its reader
// drains), so one page at a time is in memory whatever the export's size.
export async function* csvPages<Row, After>(
  header: string,
  first: { rows: Row[]; next: After | null },
  toCsv: (row: Row) => string,
  read: (after: After) => Promise<{ rows: Row[]; next: After | null }>,
): AsyncGenerator<Buffer> {
  yield Buffer.from(header);
  let page = first;
  for (;;) {
    yield Buffer.from(page.rows.map(toCsv).join(''));
    if (page.next === null) return;
    page = await read(page.next);
  }
}
