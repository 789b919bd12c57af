import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { normalisePhone, phoneDigits, phoneMessages, phoneProblem, phoneSchema } from './phone';

describe('the phone rule', () => {
  it.each([
    ['+44 7700 900123', '+44 7700 900123'],
    ['(415) 555-0142', '(415) 555-0142'],
    ['+1 (415) 555-0142', '+1 (415) 555-0142'],
    ['030-901.820', '030-901.820'],
    ['0033 1 42 68 53 00', '0033 1 42 68 53 00'],
    ['  +81   3 1234    5678  ', '+81 3 1234 5678'],
    ['447700900123', '447700900123'],
    ['123456', '123456'],
    ['123456789012345', '123456789012345'],
  ])('accepts %j and keeps it as %j', (typed, kept) => {
    const parsed = z.safeParse(phoneSchema, typed);
    expect(parsed.success && parsed.data).toBe(kept);
    expect(phoneProblem(typed)).toBeUndefined();
  });

  it.each([
    ['', phoneMessages.required],
    ['   ', phoneMessages.required],
    ['12345', phoneMessages.tooShort],
    ['+1 (2) 3-4', phoneMessages.tooShort],
    ['1234567890123456', phoneMessages.tooLong],
    ['+44 7700 900123 ext 5', phoneMessages.characters],
    ['1e10000', phoneMessages.characters],
    ['0044 7700 + 900123', phoneMessages.characters],
    ['44 7700\u0000900123', phoneMessages.control],
    ['+44 7700\t900123', phoneMessages.control],
    ['+44 7700\n900123', phoneMessages.control],
    ['\t000000', phoneMessages.control],
    ['000000\n', phoneMessages.control],
    ['44 7700\u202e900123', phoneMessages.control],
    ['٤٤٧٧٠٠٩٠٠١٢٣', phoneMessages.characters],
    ['1-'.repeat(17), phoneMessages.length],
  ])('refuses %j: %s', (typed, message) => {
    expect(phoneProblem(typed)).toBe(message);
    const parsed = z.safeParse(phoneSchema, typed);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(parsed.error.issues[0]?.message).toBe(message);
  });

  it('refuses what is not text', () => {
    const parsed = z.safeParse(phoneSchema, 4420794600);
    expect(!parsed.success && parsed.error.issues[0]?.message).toBe('Phone must be text.');
  });

  it('counts digits, not separators', () => {
    expect(phoneDigits('+1 (415) 555-0142')).toBe(11);
    expect(normalisePhone('  a    b ')).toBe('a b');
  });
});
