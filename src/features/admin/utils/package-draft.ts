// The package editor's working copy (src/features/admin/components/package-editor.tsx): what the
// inputs hold, as typed, and the PATCH body made from it. Kept apart from the screen so the
// mapping is tested on its own.
import type { AdminPackage, PackageChange, PackageImage, QuestionKind } from '#contracts/catalogue';
import { slugOf } from '~/features/admin/utils/slug';

let next = 0;
// React's keys for rows that can move: an index would hand one row's focus and typing to another.
export const rowKey = () => `row-${++next}`;

// Each text with its Spanish beside it (`...Es`, '' while not translated: the Spanish pages show
// the English then; contracts/catalogue.ts packageTranslationsSchema).
export type DayDraft = { key: string; title: string; body: string; titleEs: string; bodyEs: string };
export type ItemDraft = { key: string; text: string; textEs: string };
export type QuestionDraft = {
  key: string;
  // '' until first saved: made from the label then, and never changed after (answers are keyed by it).
  id: string;
  label: string;
  labelEs: string;
  kind: QuestionKind;
  // One choice a line; the Spanish line N translates choice N.
  choices: string;
  choicesEs: string;
  required: boolean;
  sensitive: boolean;
};

export type PackageDraft = {
  id: string;
  name: string;
  description: string;
  nameEs: string;
  descriptionEs: string;
  price: string;
  durationDays: string;
  itinerary: DayDraft[];
  includes: ItemDraft[];
  excludes: ItemDraft[];
  images: PackageImage[];
  questions: QuestionDraft[];
};

export function draftOf(pkg: AdminPackage): PackageDraft {
  const es = pkg.translations.es;
  const questionsEs = new Map(es?.questions?.map((q) => [q.id, q]));
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    nameEs: es?.name ?? '',
    descriptionEs: es?.description ?? '',
    price: String(pkg.price),
    durationDays: pkg.durationDays === null ? '' : String(pkg.durationDays),
    itinerary: pkg.itinerary.map((d, i) => ({
      key: rowKey(),
      title: d.title,
      body: d.body,
      titleEs: es?.itinerary?.[i]?.title ?? '',
      bodyEs: es?.itinerary?.[i]?.body ?? '',
    })),
    includes: pkg.includes.map((text, i) => ({ key: rowKey(), text, textEs: es?.includes?.[i] ?? '' })),
    excludes: pkg.excludes.map((text, i) => ({ key: rowKey(), text, textEs: es?.excludes?.[i] ?? '' })),
    images: pkg.images,
    questions: pkg.questions.map((q) => ({
      key: rowKey(),
      id: q.id,
      label: q.label,
      labelEs: questionsEs.get(q.id)?.label ?? '',
      kind: q.kind,
      choices: q.choices.join('\n'),
      choicesEs: questionsEs.get(q.id)?.choices.join('\n') ?? '',
      required: q.required,
      sensitive: q.sensitive,
    })),
  };
}

// What the form holds, without React's row keys (new ones each time a draft is made): two drafts
// with the same text compare equal, so "unsaved changes" means something was typed.
export const draftContent = (draft: PackageDraft) =>
  JSON.stringify(draft, (field, value: unknown) => (field === 'key' ? undefined : value));

// A new question's id from its label, unique among the package's questions.
export function questionIds(questions: readonly QuestionDraft[]): string[] {
  const taken = new Set(questions.map((q) => q.id).filter(Boolean));
  return questions.map((q) => {
    if (q.id) return q.id;
    const base = slugOf(q.label, 30) || 'question';
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    return id;
  });
}

const numberOrNaN = (raw: string) => (raw.trim() === '' ? Number.NaN : Number(raw));

// One choice a line, blank lines dropped.
const lines = (text: string) =>
  text
    .split('\n')
    .map((c) => c.trim())
    .filter(Boolean);

// The list rows kept: those with English text (an empty row is dropped, its Spanish with it).
const keptItems = (items: readonly ItemDraft[]) => items.filter((i) => i.text.trim() !== '');

// The whole editable package as a PATCH body. The id goes only when it changed (a draft's);
// numbers as typed (the server words what is wrong with them); empty list rows are dropped.
export function changeOf(draft: PackageDraft, savedId: string): PackageChange {
  const ids = questionIds(draft.questions);
  return {
    ...(draft.id !== savedId ? { id: draft.id.trim() } : {}),
    name: draft.name,
    description: draft.description,
    price: numberOrNaN(draft.price),
    durationDays: draft.durationDays.trim() === '' ? null : numberOrNaN(draft.durationDays),
    itinerary: draft.itinerary.map((d) => ({ title: d.title, body: d.body })),
    includes: keptItems(draft.includes).map((i) => i.text),
    excludes: keptItems(draft.excludes).map((i) => i.text),
    images: draft.images.map((i) => ({ id: i.id, alt: i.alt })),
    questions: draft.questions.map((q, i) => ({
      id: ids[i]!,
      label: q.label,
      kind: q.kind,
      choices: q.kind === 'choice' ? lines(q.choices) : [],
      required: q.required,
      sensitive: q.sensitive,
    })),
    // The Spanish of every text, by the same positions (and the questions by id).
    translations: {
      es: {
        name: draft.nameEs,
        description: draft.descriptionEs,
        itinerary: draft.itinerary.map((d) => ({ title: d.titleEs, body: d.bodyEs })),
        includes: keptItems(draft.includes).map((i) => i.textEs),
        excludes: keptItems(draft.excludes).map((i) => i.textEs),
        questions: draft.questions.map((q, i) => ({
          id: ids[i]!,
          label: q.labelEs,
          choices: q.kind === 'choice' ? lines(q.choicesEs) : [],
        })),
      },
    },
  };
}

// Moves the entry at `index` one place up or down; the list as it was at either end.
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const copy = [...list];
  const [item] = copy.splice(index, 1);
  copy.splice(to, 0, item!);
  return copy;
}

// A NaN price or duration is sent as JSON null; the server then says what it must be. Kept for the
// preview: what the public page would show.
export function previewOf(draft: PackageDraft, pkg: AdminPackage) {
  const change = changeOf(draft, pkg.id);
  const price = Number(draft.price);
  const days = Number(draft.durationDays);
  return {
    id: draft.id,
    name: draft.name,
    description: draft.description,
    img: draft.images[0]?.url ?? '',
    price: Number.isFinite(price) ? price : pkg.price,
    durationDays: draft.durationDays.trim() !== '' && Number.isFinite(days) ? days : null,
    itinerary: change.itinerary ?? [],
    includes: change.includes ?? [],
    excludes: change.excludes ?? [],
    images: draft.images,
    questions: [],
  };
}
