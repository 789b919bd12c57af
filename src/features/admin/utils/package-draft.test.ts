import { describe, expect, it } from 'vitest';
import type { AdminPackage } from '#contracts/catalogue';
import { defaultPaymentTerms } from '#contracts/payment';
import { changeOf, draftOf, moved, questionIds, rowKey } from '~/features/admin/utils/package-draft';

const pkg: AdminPackage = {
  id: 'lofoten-fjords',
  name: 'Lofoten Fjords',
  description: 'Peaks and fishing villages.',
  img: '',
  price: 2300,
  status: 'draft',
  durationDays: 6,
  itinerary: [
    { title: 'Arrival', body: 'By the harbour.' },
    { title: 'Kayaks', body: '' },
  ],
  includes: ['Five nights'],
  excludes: ['Flights'],
  images: [],
  questions: [
    { id: 'passport', label: 'Passport number', kind: 'text', choices: [], required: true, sensitive: true },
  ],
  position: 7,
  updatedAt: '2026-11-25T00:00:00.000Z',
  upcomingDepartures: 0,
  activeBookings: 0,
  ...defaultPaymentTerms,
  translations: {},
};

describe('the package editor draft', () => {
  it('sends back what it was given, without the id when it did not change', () => {
    const change = changeOf(draftOf(pkg), pkg.id);
    expect(change).not.toHaveProperty('id');
    expect(change).toMatchObject({
      name: 'Lofoten Fjords',
      price: 2300,
      durationDays: 6,
      itinerary: pkg.itinerary,
      includes: ['Five nights'],
      excludes: ['Flights'],
      questions: pkg.questions,
    });
  });

  it('sends a changed id, an empty duration as null, drops empty list rows and splits choices by line', () => {
    const draft = draftOf(pkg);
    draft.id = 'lofoten';
    draft.durationDays = '';
    draft.includes.push({ key: rowKey(), text: '   ', textEs: 'Nada' });
    draft.questions.push({
      key: rowKey(),
      id: '',
      label: 'T-shirt size',
      labelEs: '',
      kind: 'choice',
      choices: 'S\n M \n\nL',
      choicesEs: '',
      required: false,
      sensitive: false,
    });
    const change = changeOf(draft, pkg.id);
    expect(change.id).toBe('lofoten');
    expect(change.durationDays).toBeNull();
    expect(change.includes).toEqual(['Five nights']);
    expect(change.questions?.[1]).toEqual({
      id: 't-shirt-size',
      label: 'T-shirt size',
      kind: 'choice',
      choices: ['S', 'M', 'L'],
      required: false,
      sensitive: false,
    });
  });

  it('keeps each Spanish text beside its English one, by position and by question id', () => {
    const translated: AdminPackage = {
      ...pkg,
      questions: [
        ...pkg.questions,
        { id: 'size', label: 'Size', kind: 'choice', choices: ['S', 'M'], required: false, sensitive: false },
      ],
      translations: {
        es: {
          name: 'Fiordos de Lofoten',
          itinerary: [{ title: 'Llegada', body: '' }],
          includes: ['Cinco noches'],
          questions: [{ id: 'size', label: 'Talla', choices: ['P', 'M'] }],
        },
      },
    };
    const draft = draftOf(translated);
    expect(draft.nameEs).toBe('Fiordos de Lofoten');
    expect(draft.descriptionEs).toBe('');
    expect(draft.itinerary.map((d) => d.titleEs)).toEqual(['Llegada', '']);
    expect(draft.questions.map((q) => [q.labelEs, q.choicesEs])).toEqual([
      ['', ''],
      ['Talla', 'P\nM'],
    ]);
    // Day 2 moves up: its Spanish moves with it; an empty English row goes with its Spanish.
    draft.itinerary = moved(draft.itinerary, 1, -1);
    draft.excludes.push({ key: rowKey(), text: '', textEs: 'Vuelos' });
    draft.itinerary[0]!.titleEs = 'Kayaks';
    expect(changeOf(draft, pkg.id).translations).toEqual({
      es: {
        name: 'Fiordos de Lofoten',
        description: '',
        itinerary: [
          { title: 'Kayaks', body: '' },
          { title: 'Llegada', body: '' },
        ],
        includes: ['Cinco noches'],
        excludes: [''],
        questions: [
          { id: 'passport', label: '', choices: [] },
          { id: 'size', label: 'Talla', choices: ['P', 'M'] },
        ],
      },
    });
  });

  it('makes a new question an id of its own and never changes a saved one', () => {
    const base = draftOf(pkg).questions[0]!;
    const ids = questionIds([
      base,
      { ...base, key: rowKey(), id: '', label: 'Passport' },
      { ...base, key: rowKey(), id: '', label: 'Passport' },
      { ...base, key: rowKey(), id: '', label: '¿¿' },
    ]);
    expect(ids).toEqual(['passport', 'passport-2', 'passport-3', 'question']);
  });

  it('moves a row up or down and leaves the list alone at either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
