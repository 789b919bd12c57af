// The catalogue's fuller package, as the package page, its preview in the console and the
// travellers' form read it: the card's fields (contracts/package.ts) plus the duration, the
// itinerary, what is and is not included, the gallery and the questions asked of each traveller.
// Read by hand, leniently: a field the answer lacks is empty, so the page still shows the rest.
// Types from contracts/catalogue.ts; no schema is parsed here, to keep zod's checks out of pages
// that need none of them.
import { plural } from '#contracts/format';
import { isTravelPackage, type TravelPackage } from '#contracts/package';
import type { PaymentTerms } from '#contracts/payment';
import {
  questionKinds,
  type CataloguePackage,
  type ItineraryDay,
  type PackageImage,
  type Question,
  type QuestionKind,
} from '#contracts/catalogue';

export type { ItineraryDay, PackageImage, Question };

export type PackageContent = Omit<TravelPackage, 'translations'> & {
  // The texts the console translated (migration 68), every list by position; absent: none.
  translations?: CataloguePackage['translations'];
  durationDays: number | null;
  itinerary: ItineraryDay[];
  includes: string[];
  excludes: string[];
  images: PackageImage[];
  questions: Question[];
  // Payment terms (contract v5); absent from an answer that lacks them (the card's fields only).
  paymentTerms?: PaymentTerms;
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

const list = <T>(value: unknown, keep: (item: Record<string, unknown>) => T | null): T[] =>
  Array.isArray(value) ? value.map((v) => keep(record(v))).filter((v): v is T => v !== null) : [];

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function readImage(i: Record<string, unknown>): PackageImage | null {
  if (typeof i.url !== 'string' || i.url === '') return null;
  return {
    id: text(i.id) || i.url,
    url: i.url,
    alt: text(i.alt),
    width: typeof i.width === 'number' ? i.width : 1200,
    height: typeof i.height === 'number' ? i.height : 800,
    avif: text(i.avif),
    webp: text(i.webp),
  };
}

export function readQuestion(q: Record<string, unknown>): Question | null {
  if (typeof q.id !== 'string' || typeof q.label !== 'string') return null;
  const kind = questionKinds.includes(q.kind as QuestionKind) ? (q.kind as QuestionKind) : 'text';
  return {
    id: q.id,
    label: q.label,
    kind,
    choices:
      kind === 'choice' && Array.isArray(q.choices)
        ? q.choices.filter((c): c is string => typeof c === 'string')
        : [],
    required: q.required === true,
    sensitive: q.sensitive === true,
  };
}

// A package's translations as an answer carries them: the texts that are text, the rest dropped.
export function readTranslations(value: unknown): CataloguePackage['translations'] | undefined {
  const es = record(record(value).es);
  if (Object.keys(es).length === 0) return undefined;
  const strings = (v: unknown) => (Array.isArray(v) ? v.map(text) : undefined);
  const optional = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    es: {
      name: optional(es.name),
      description: optional(es.description),
      itinerary: Array.isArray(es.itinerary)
        ? es.itinerary.map((d) => ({ title: text(record(d).title), body: text(record(d).body) }))
        : undefined,
      includes: strings(es.includes),
      excludes: strings(es.excludes),
      questions: list(es.questions, (q) =>
        typeof q.id === 'string'
          ? { id: q.id, label: text(q.label), choices: strings(q.choices) ?? [] }
          : null,
      ),
    },
  };
}

// The fuller package from any answer that carries the card's fields; null when it does not.
export function readPackageContent(value: unknown): PackageContent | null {
  if (!isTravelPackage(value)) return null;
  const p = record(value);
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  const paymentTerms: PaymentTerms | undefined =
    typeof p.depositPercent === 'number' &&
    typeof p.balanceDueDays === 'number' &&
    Array.isArray(p.cancellationFees)
      ? {
          depositPercent: p.depositPercent,
          balanceDueDays: p.balanceDueDays,
          cancellationFees: list(p.cancellationFees, (t) =>
            typeof t.daysBefore === 'number' && typeof t.percent === 'number'
              ? { daysBefore: t.daysBefore, percent: t.percent }
              : null,
          ),
        }
      : undefined;
  const translations = readTranslations(p.translations);
  return {
    ...(paymentTerms ? { paymentTerms } : {}),
    id: value.id,
    name: value.name,
    description: value.description,
    img: value.img,
    price: value.price,
    ...(value.fromPrice === undefined ? {} : { fromPrice: value.fromPrice }),
    ...(translations ? { translations } : {}),
    durationDays: typeof p.durationDays === 'number' ? p.durationDays : null,
    itinerary: list(p.itinerary, (d) =>
      typeof d.title === 'string' ? { title: d.title, body: text(d.body) } : null,
    ),
    includes: strings(p.includes),
    excludes: strings(p.excludes),
    images: list(p.images, readImage),
    questions: list(p.questions, readQuestion),
  };
}

export const durationLabel = (days: number) => plural(days, 'day');
