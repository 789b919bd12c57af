// The package editor's working copy (src/features/admin/components/package-editor.tsx): what the
// inputs hold, as typed, and the PATCH body made from it. Kept apart from the screen so the
// mapping is tested on its own.
import type { AdminPackage, PackageChange, PackageImage, QuestionKind } from '#contracts/catalogue';
import { slugOf } from '~/features/admin/utils/slug';

let next = 0;
// React's keys for rows that can move: an index would hand one row's focus and typing to another.
export const rowKey = () => `row-${++next}`;

export type DayDraft = { key: string; title: string; body: string };
export type ItemDraft = { key: string; text: string };
export type QuestionDraft = {
  key: string;
  // '' until first saved: made from the label then, and never changed after (answers are keyed by it).
  id: string;
  label: string;
  kind: QuestionKind;
  // One choice a line.
  choices: string;
  required: boolean;
  sensitive: boolean;
};

export type PackageDraft = {
  id: string;
  name: string;
  description: string;
  price: string;
  durationDays: string;
  itinerary: DayDraft[];
  includes: ItemDraft[];
  excludes: ItemDraft[];
  images: PackageImage[];
  questions: QuestionDraft[];
};

export function draftOf(pkg: AdminPackage): PackageDraft {
  return {
    id: pkg.id,
    name: pkg.name,
    description: pkg.description,
    price: String(pkg.price),
    durationDays: pkg.durationDays === null ? '' : String(pkg.durationDays),
    itinerary: pkg.itinerary.map((d) => ({ key: rowKey(), title: d.title, body: d.body })),
    includes: pkg.includes.map((text) => ({ key: rowKey(), text })),
    excludes: pkg.excludes.map((text) => ({ key: rowKey(), text })),
    images: pkg.images,
    questions: pkg.questions.map((q) => ({
      key: rowKey(),
      id: q.id,
      label: q.label,
      kind: q.kind,
      choices: q.choices.join('\n'),
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
    includes: draft.includes.map((i) => i.text).filter((t) => t.trim() !== ''),
    excludes: draft.excludes.map((i) => i.text).filter((t) => t.trim() !== ''),
    images: draft.images.map((i) => ({ id: i.id, alt: i.alt })),
    questions: draft.questions.map((q, i) => ({
      id: ids[i]!,
      label: q.label,
      kind: q.kind,
      choices:
        q.kind === 'choice'
          ? q.choices
              .split('\n')
              .map((c) => c.trim())
              .filter(Boolean)
          : [],
      required: q.required,
      sensitive: q.sensitive,
    })),
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
