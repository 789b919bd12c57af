import { registerCatalogue, type Catalogue } from '#contracts/i18n';
import type { Language } from '#contracts/language';

// Each language's catalogue as a chunk of its own: a browser loads only its page's, before React
// renders (src/entry.client.tsx); an English page loads none
// (docs/decisions/071-translation-layer.md). The islands import theirs directly
// (src/features/packages/islands/next-dates.ts): this module shares the entry's chunk.
const catalogues: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('#contracts/messages-es').then((m) => m.es),
};

export async function loadCatalogue(language: Language): Promise<void> {
  if (language !== 'en') registerCatalogue(await catalogues[language]());
}
