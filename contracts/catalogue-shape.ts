// What a language's catalogue holds (./messages-es.ts is one; ./i18n.ts reads them). Apart from
// ./i18n.ts so that a catalogue and the layer do not import each other.
import type { Language } from './language.js';

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
// A text that depends on a count: its forms by the language's plural categories.
export type PluralForms = { one: string; other: string } & Partial<Record<PluralCategory, string>>;
export type Message = string | PluralForms;

export type Catalogue = {
  language: Exclude<Language, 'en'>;
  // Which form of a counted text a number takes (CLDR's rule, written out: no Intl on the page).
  plural: (count: number) => PluralCategory;
  // The words a date is written with, Sunday first and January first, and the order of its parts.
  weekdays: readonly string[];
  months: readonly string[];
  // Digits grouped ("1.204") and decimals ("12,50") as the language writes them.
  group: string;
  decimal: string;
  // Where the currency sign goes: "1.204 US$" in Spanish, "$1,204" in English.
  money: (amount: string, sign: string) => string;
  messages: Record<string, Message>;
};
