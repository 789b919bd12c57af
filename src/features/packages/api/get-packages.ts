import type { TravelPackage } from '#contracts/package';
import { languageOfPath, type Language } from '#contracts/language';
import { interpolate, msg } from '#contracts/i18n';

// The catalogue is the file served at /packages.json (the server answers /packages.JSON too).
export const packagesPath = '/packages.json';

// For a page's loader that shows booked packages' names: the catalogue, with their translations,
// on another language's page; nothing read on an English page, which shows the names as booked.
export const catalogueFor = (request: Request) =>
  languageOfPath(new URL(request.url).pathname) === 'en' ? null : packagesPath;

export async function getPackages(signal?: AbortSignal): Promise<TravelPackage[]> {
  const response = await fetch(packagesPath, { signal, headers: { accept: 'application/json' } });
  // Marked for the catalogues: a Spanish page shows them translated (`known`).
  if (!response.ok)
    throw new Error(
      interpolate(msg('The packages could not be loaded (HTTP {status}).'), { status: response.status }),
    );
  const data: unknown = await response.json();
  // The schema (and zod) loads with the first fetch, not with the home page, whose grid is in its
  // HTML (docs/decisions/017-home-page-content-in-its-html.md).
  const { catalogueSchema } = await import('#contracts/package');
  const parsed = catalogueSchema.safeParse(data);
  if (!parsed.success) throw new Error(msg('The packages could not be read.'));
  return parsed.data;
}

// The cards a page in `language` shows: on an English page without the texts of other languages.
export const cardsIn = (language: Language, cards: TravelPackage[] | undefined) =>
  language === 'en' ? cards?.map(({ translations: _other, ...card }) => card) : cards;
