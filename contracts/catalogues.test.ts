// @vitest-environment node
// Every text the code translates is in every catalogue, with the same placeholders, and each
// counted text has every plural form its language uses; no catalogue keeps a text the code no
// longer has (docs/decisions/071-translation-layer.md). The texts are found where they are used:
// `t('…')`, `tp(n, '…', '…')` (its other form is the key) and `msg('…')`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from './i18n';
import { allCatalogues } from './catalogues';

const root = new URL('..', import.meta.url).pathname;
const folders = ['src', 'contracts', 'server/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !/\/messages-\w+\.ts$/.test(path)
      ? [path]
      : [];
  });
}

const literal = String.raw`(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)")`;
const unescape = (s: string) =>
  s.replace(/\\u([0-9a-fA-F]{4})|\\(.)/g, (_m, code: string | undefined, char: string) =>
    code ? String.fromCharCode(parseInt(code, 16)) : char,
  );

export type Used = { texts: Set<string>; counted: Set<string> };

// The texts a source uses, by the calls that mark them.
export function usedTexts(sources: string[]): Used {
  const texts = new Set<string>();
  const counted = new Set<string>();
  const single = new RegExp(String.raw`\b(?:t|msg)\(\s*${literal}\s*[,)]`, 'g');
  const plural = new RegExp(String.raw`\btp\(\s*[^,()]+(?:\([^()]*\))?,\s*${literal},\s*${literal}`, 'g');
  for (const source of sources) {
    for (const m of source.matchAll(single)) texts.add(unescape(m[1] ?? m[2] ?? ''));
    for (const m of source.matchAll(plural)) counted.add(unescape(m[3] ?? m[4] ?? ''));
  }
  return { texts, counted };
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// What is wrong with a catalogue against the texts used: each problem a line.
export function catalogueProblems(catalogue: Catalogue, used: Used): string[] {
  const problems: string[] = [];
  const categories = new Set(Array.from({ length: 201 }, (_, n) => catalogue.plural(n)));
  for (const text of used.texts) {
    const entry = catalogue.messages[text];
    if (typeof entry !== 'string') problems.push(`${catalogue.language}: missing "${text}"`);
    else if (placeholders(entry).join() !== placeholders(text).join())
      problems.push(`${catalogue.language}: "${text}" has other placeholders: "${entry}"`);
  }
  for (const text of used.counted) {
    const entry = catalogue.messages[text];
    if (!entry || typeof entry !== 'object') {
      problems.push(`${catalogue.language}: missing the counted "${text}"`);
      continue;
    }
    for (const category of categories) {
      const form = entry[category];
      if (form === undefined) problems.push(`${catalogue.language}: "${text}" has no ${category} form`);
      else if (
        placeholders(form)
          .filter((p) => p !== 'count')
          .join() !==
        placeholders(text)
          .filter((p) => p !== 'count')
          .join()
      )
        problems.push(`${catalogue.language}: "${text}" (${category}) has other placeholders: "${form}"`);
    }
  }
  for (const text of Object.keys(catalogue.messages)) {
    if (!used.texts.has(text) && !used.counted.has(text))
      problems.push(`${catalogue.language}: "${text}" is used nowhere`);
  }
  return problems;
}

describe('the catalogues', () => {
  const used = usedTexts(
    folders.flatMap((f) => sourceFiles(join(root, f))).map((f) => readFileSync(f, 'utf8')),
  );

  it('find the texts the code translates', () => {
    expect(used.texts.size).toBeGreaterThan(20);
  });

  for (const catalogue of Object.values(allCatalogues)) {
    it(`${catalogue.language}: has every text, with its placeholders and plural forms, and no other`, () => {
      expect(catalogueProblems(catalogue, used)).toEqual([]);
    });
  }

  it('a text missing from a catalogue, or with a placeholder lost, fails', () => {
    const made: Catalogue = {
      ...allCatalogues.es,
      messages: { 'Hello {name}': 'Hola', '{count} days': { one: '{count} día', other: '{count} días' } },
    };
    const source = `t('Hello {name}', { name }); t("Don't go"); tp(n, '{count} day', '{count} days'); tp(n, '{count} night', '{count} nights')`;
    expect(catalogueProblems(made, usedTexts([source]))).toEqual([
      'es: "Hello {name}" has other placeholders: "Hola"',
      `es: missing "Don't go"`,
      'es: missing the counted "{count} nights"',
    ]);
  });
});
