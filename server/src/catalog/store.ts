// Each process's in-memory copy of the catalogue: pages, /packages.json, the sitemap and every
// booking read it from here, never from the database per request. It reloads when the catalogue
// changes: at once on a NOTIFY (catalogue_state's version, ./repository.ts), and by comparing the
// version every few seconds in case a notification was lost (a dropped listening connection).
import { outageLog, type OutageLogger } from '../outage-log.js';
import type { CataloguePackage } from '#contracts/catalogue';
import type { TravelPackage } from '#contracts/package';
import type { Database } from '../db/database.js';
import type { ServerPackage } from './packages.js';
import { catalogueChannel, catalogueVersion, readCatalogue, type StoredPackage } from './repository.js';

export type Catalogue = {
  // Every package by id, whatever its status (bookings of archived packages keep working): one
  // Map, updated in place, so every route that was handed it sees each reload.
  packages: Map<string, ServerPackage>;
  version: () => number;
  // Every package, in position order.
  all: () => readonly StoredPackage[];
  // Published only, in position order: what the public sees.
  published: () => readonly CataloguePackage[];
  get: (id: string) => StoredPackage | undefined;
  // The body of /packages.json for this version (built once per version).
  publicJson: () => string;
  // The published packages' cards (the spec's five fields), what the home page's grid renders.
  cards: () => TravelPackage[];
  // Reload now (after a write through this process: its answer already shows the change).
  refresh: () => Promise<void>;
  // Called after each reload with the new version (pages cached per version drop theirs).
  onChange: (listener: (version: number) => void) => void;
  stop: () => Promise<void>;
};

export type CatalogueOptions = {
  db: Database;
  // The fallback check's period; NOTIFY is usually first.
  pollMs?: number;
  // A reload that fails is tried again at the next poll or notification.
  log?: OutageLogger;
};

const strip = ({ storedImages: _stored, priceCents: _cents, ...pkg }: StoredPackage): CataloguePackage => pkg;

// A package's translated texts, for /packages.json and the cards: only the languages that have
// one, and nothing at all when none has (the English catalogue's JSON as it was before migration 68).
// (The console's editor saves every text's Spanish, empty where it is not translated.)
const hasText = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.trim() !== ''
    : typeof value === 'object' && value !== null && Object.values(value).some(hasText);
const translatedOnly = (translations: CataloguePackage['translations']) =>
  hasText(Object.values(translations).map(({ questions: _ids, ...texts } = {}) => texts)) ||
  Object.values(translations).some((t) => t?.questions?.some((q) => hasText([q.label, q.choices])))
    ? { translations }
    : {};

// The card's texts in each language that has one (what the home page's grid shows).
const cardTranslations = (translations: CataloguePackage['translations']) => {
  const es = translations.es && {
    ...(translations.es.name ? { name: translations.es.name } : {}),
    ...(translations.es.description ? { description: translations.es.description } : {}),
  };
  return es && Object.keys(es).length > 0 ? { translations: { es } } : {};
};

export async function openCatalogue({ db, pollMs = 2000, log }: CatalogueOptions): Promise<Catalogue> {
  const outage = outageLog(log, {
    failed: 'catalogue: reload failed, retrying',
    recovered: 'catalogue: reload works again',
  });
  const packages = new Map<string, ServerPackage>();
  let version = -1;
  let list: StoredPackage[] = [];
  let byId = new Map<string, StoredPackage>();
  let published: CataloguePackage[] = [];
  let json: string | undefined;
  let cards: TravelPackage[] | undefined;
  const listeners: ((version: number) => void)[] = [];

  const apply = (next: { version: number; packages: StoredPackage[] }) => {
    if (next.version < version) return;
    const changed = next.version !== version;
    version = next.version;
    list = next.packages;
    byId = new Map(list.map((p) => [p.id, p]));
    published = list.filter((p) => p.status === 'published').map(strip);
    json = undefined;
    cards = undefined;
    // In place and in one synchronous step: no reader ever sees it half-filled.
    packages.clear();
    for (const p of list)
      packages.set(p.id, {
        id: p.id,
        name: p.name,
        priceCents: p.priceCents,
        status: p.status,
        depositPercent: p.depositPercent,
        balanceDueDays: p.balanceDueDays,
        cancellationFees: p.cancellationFees,
      });
    if (changed) for (const listener of listeners) listener(version);
  };

  let loading: Promise<void> | undefined;
  let again = false;
  const refresh = async (): Promise<void> => {
    if (loading) {
      // A change landed while reading: read once more after this one.
      again = true;
      return loading;
    }
    loading = (async () => {
      try {
        do {
          again = false;
          apply(await readCatalogue(db));
        } while (again);
      } finally {
        loading = undefined;
      }
    })();
    return loading;
  };
  await refresh();

  let stopped = false;
  const unlisten = await db.listen?.(catalogueChannel, (payload) => {
    if (stopped || Number(payload) === version) return;
    refresh().then(outage.succeeded, outage.failed);
  });
  const timer = setInterval(() => {
    catalogueVersion(db)
      .then((v) => (v !== version ? refresh() : undefined))
      .then(outage.succeeded, outage.failed);
  }, pollMs);
  timer.unref();

  return {
    packages,
    version: () => version,
    all: () => list,
    published: () => published,
    get: (id) => byId.get(id),
    publicJson: () =>
      (json ??= JSON.stringify(
        published.map(({ status: _s, translations, ...p }) => ({ ...p, ...translatedOnly(translations) })),
      )),
    cards: () =>
      (cards ??= published.map(({ id, name, description, img, price, fromPrice, translations }) => ({
        id,
        name,
        description,
        img,
        price,
        ...(fromPrice === undefined ? {} : { fromPrice }),
        ...cardTranslations(translations),
      }))),
    refresh,
    onChange: (listener) => void listeners.push(listener),
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
    },
  };
}
