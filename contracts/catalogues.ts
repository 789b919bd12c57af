// Every catalogue, for the server (it writes pages and emails in any language) and the catalogue
// test. A browser loads only its page's (src/lib/load-catalogue.ts).
import type { Catalogue } from './i18n.js';
import type { Language } from './language.js';
import { es } from './messages-es.js';

export const allCatalogues: Record<Exclude<Language, 'en'>, Catalogue> = { es };
