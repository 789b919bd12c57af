import { describe, expect, it } from 'vitest';
import { controlCharsMessage, hasControlChars } from './text';

describe('control characters', () => {
  it.each([
    ['a NUL', 'Ada\u0000'],
    ['a line break in one line', 'Ada\nLovelace'],
    ['a C1 control (NEL)', 'Ada\u0085'],
    ['a right-to-left override', 'Ana\u202egnp.exe'],
    ['a left-to-right isolate', 'Ana\u2066x'],
    ['a lone high surrogate', 'Ada\ud800'],
    ['a lone low surrogate', '\udc00Ada'],
    ['a low surrogate after a whole pair', '\ud83d\ude00\ude00'],
  ])('refuses %s', (_, value) => {
    expect(hasControlChars(value)).toBe(true);
    expect(hasControlChars(value, { multiline: !value.includes('\n') })).toBe(true);
  });

  it.each([
    ['accents and other scripts', 'Zoë Ångström, 東京, Tromsø, שלום'],
    ['an emoji (a whole surrogate pair)', 'Trip 🏔️ with 👨‍👩‍👧'],
    ['a right-to-left script without overrides', 'مرحبا Ada'],
  ])('keeps %s', (_, value) => {
    expect(hasControlChars(value)).toBe(false);
  });

  it('takes tab and newline in a multi-line field only, and says so in the message', () => {
    expect(hasControlChars('line one\n\tline two', { multiline: true })).toBe(false);
    expect(hasControlChars('line one\n\tline two')).toBe(true);
    expect(controlCharsMessage('Name')).toBe(
      'Name must not contain control characters (such as line breaks or invisible codes).',
    );
    expect(controlCharsMessage('The note', { multiline: true })).toBe(
      'The note must not contain control characters (invisible codes).',
    );
  });
});
