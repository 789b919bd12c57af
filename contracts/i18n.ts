// The translation layer, the same for the site and the server's emails
// (docs/decisions/071-translation-layer.md). English is the source: a text is written in English
// where it is used, wrapped in `t(...)`, and that English is its key. Every other language is one
// catalogue file, ./messages-<code>.ts, mapping each English text to its translation, with the
// language's plural rule and the words dates are written with. A text missing from a catalogue
// fails the typecheck (`MessageId` is the Spanish catalogue's keys) and
// contracts/catalogues.test.ts (every text used is in every catalogue, with the same
// placeholders). No library: what this does costs under 1 KiB of a visitor's JavaScript, and the
// catalogue comes only to the pages of its language. No path alias here: the server imports
// this file directly.
import type { Language } from './language.js';
import type { Catalogue } from './catalogue-shape.js';
import type { es } from './messages-es.js';

export type { Catalogue, Message, PluralCategory, PluralForms } from './catalogue-shape.js';
// Every text that has a translation: the English of each, as the catalogues key them.
export type MessageId = keyof (typeof es)['messages'];
export type Vars = Record<string, string | number>;

const catalogues = new Map<Language, Catalogue>();

// The server registers every catalogue (contracts/catalogues.ts, from src/entry.server.tsx and
// server/src/mail/templates.ts); a browser only its page's (src/lib/load-catalogue.ts) before React
// renders, or the islands before they write words.
export const registerCatalogue = (catalogue: Catalogue) => {
  catalogues.set(catalogue.language, catalogue);
};
export const catalogueOf = (language: Language): Catalogue | undefined =>
  language === 'en' ? undefined : catalogues.get(language);

const fill = (text: string, vars?: Vars) =>
  vars
    ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
    : text;

// "1,204" in English, "1.204" in Spanish (Spanish leaves four digits ungrouped, as its style
// guides and Intl do: "1204").
export function formatNumber(language: Language, n: number): string {
  const c = catalogueOf(language);
  const [whole = '', decimals] = String(Math.abs(n)).split('.');
  const grouped = c && whole.length <= 4 ? whole : whole.replace(/\B(?=(\d{3})+$)/g, c ? c.group : ',');
  return `${n < 0 ? '-' : ''}${grouped}${decimals ? (c ? c.decimal : '.') + decimals : ''}`;
}

export type Translator = {
  language: Language;
  // A text of the code, with its {placeholders} filled.
  t: (id: MessageId, vars?: Vars) => string;
  // A counted text: the English one and other forms ({count} is the number, formatted).
  tp: (count: number, one: string, other: MessageId, vars?: Vars) => string;
  // A text known only at run time (an API's message, a schema's): its translation when the
  // catalogue has it, else as it is.
  known: (text: string) => string;
};

// The catalogue's texts with placeholders as patterns, to read a message built from one
// ("Name must be at most 80 characters." from "{label} must be at most {max} characters."): made
// once a catalogue, on the first message no text matches whole. The most specific first (the
// most words of its own): "{due}: {amount}" would otherwise read any message with a colon, "1
// seat is left on this departure: book them instead of waiting." among them, and leave it English.
const patterns = new WeakMap<Catalogue, { pattern: RegExp; names: string[]; text: string; own: number }[]>();
const ownLength = (id: string) => id.replace(/\{\w+\}/g, '').length;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function patternsOf(catalogue: Catalogue) {
  let list = patterns.get(catalogue);
  if (!list) {
    list = Object.entries(catalogue.messages).flatMap(([id, text]) => {
      if (typeof text !== 'string' || !id.includes('{')) return [];
      const names: string[] = [];
      const source = id
        .split(/(\{\w+\})/)
        .map((part) => {
          const name = /^\{(\w+)\}$/.exec(part)?.[1];
          if (!name) return escape(part);
          names.push(name);
          return '(.+?)';
        })
        .join('');
      return [{ pattern: new RegExp(`^${source}$`, 's'), names, text, own: ownLength(id) }];
    });
    list.sort((a, b) => b.own - a.own);
    patterns.set(catalogue, list);
  }
  return list;
}

// A message built from a marked text and its values: `interpolate(msg(…),
// { label })`. English as it always read; `known` finds its translation on another language's page.
export const interpolate = (text: string, vars: Vars) => fill(text, vars);

export function translator(language: Language): Translator {
  const catalogue = catalogueOf(language);
  const entry = (id: string) => catalogue?.messages[id];
  const known = (text: string): string => {
    const found = entry(text);
    if (typeof found === 'string') return found;
    if (!catalogue) return text;
    for (const { pattern, names, text: translated } of patternsOf(catalogue)) {
      const match = pattern.exec(text);
      if (!match) continue;
      // The values are translated too where they are texts of their own (a field's label).
      const vars = Object.fromEntries(names.map((name, i) => [name, known(match[i + 1]!)]));
      return fill(translated, vars);
    }
    return text;
  };
  return {
    language,
    t: (id, vars) => {
      const text = entry(id);
      return fill(typeof text === 'string' ? text : id, vars);
    },
    tp: (count, one, other, vars) => {
      const all = { count: formatNumber(language, count), ...vars };
      const forms = entry(other);
      if (catalogue && forms && typeof forms === 'object') {
        return fill(forms[catalogue.plural(count)] ?? forms.other, all);
      }
      return fill(count === 1 ? one : other, all);
    },
    known,
  };
}

// A schema's or the server's message written in English, marked for the catalogues (the test
// finds it by this call) and translated where it is shown (`known`).
export const msg = <T extends MessageId>(text: T): T => text;
