// A text of the catalogue as a page shows it (docs/decisions/071-translation-layer.md): on an
// English page the English, as it always read; on another language's page its translation where
// the console gave one (migration 68, contracts/catalogue.ts packageTranslationsSchema), else the
// English marked lang="en", so that a screen reader reads it in English and a translator browser
// extension knows it.
import type { Language } from '#contracts/language';

export type ShownText = { text: string; lang: 'en' | undefined };

export function shownText(language: Language, english: string, translated: string | undefined): ShownText {
  if (language === 'en') return { text: english, lang: undefined };
  const own = translated?.trim();
  return own ? { text: own, lang: undefined } : { text: english, lang: 'en' };
}

// The texts of one language, from a package's translations (undefined on an English page).
type Translations<T> = { es?: T } | undefined;
export const translationIn = <T>(translations: Translations<T>, language: Language): T | undefined =>
  language === 'en' ? undefined : translations?.[language];
