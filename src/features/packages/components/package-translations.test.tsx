import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerCatalogue } from '#contracts/i18n';
import { es } from '#contracts/messages-es';
import type { TravelPackage } from '#contracts/package';
import { PackageCard } from '~/features/packages/components/package-card';
import { PackageDetails } from '~/features/packages/components/package-details';
import { resetPackagesCache, useTranslatedNames } from '~/features/packages/hooks/use-packages';
import { useLanguage } from '~/lib/i18n';
import { PackageNamesProvider, useShownPackageName } from '~/lib/package-names';
import { readPackageContent, type PackageContent } from '~/lib/catalogue';

// The catalogue's texts on a Spanish page (migration 68): the console's Spanish where it gave one,
// else the English inside an element with lang="en"; an English page exactly as before.

beforeAll(() => registerCatalogue(es));
afterEach(() => resetPackagesCache());

const english: TravelPackage = {
  id: 'lofoten-lights',
  name: 'Lofoten Lights',
  description: 'Northern lights over the fjords.',
  img: 'lofoten',
  price: 2100,
};

const content = (translations?: PackageContent['translations']): PackageContent =>
  readPackageContent({
    ...english,
    durationDays: 2,
    itinerary: [
      { title: 'Arrive in Svolvær', body: 'Check in by the harbour.' },
      { title: 'Kayaks', body: 'A morning on the water.' },
    ],
    includes: ['Two nights', 'Breakfast'],
    excludes: ['Flights'],
    images: [],
    questions: [],
    translations,
  })!;

const at = (path: string, ui: React.ReactNode) =>
  render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

// The language an element's text is read in: its own lang, else its nearest ancestor's ('' for the page's).
const langOf = (element: HTMLElement) => element.closest('[lang]')?.getAttribute('lang') ?? '';

describe('a package on a Spanish page', () => {
  it('shows each Spanish text given, and the English where there is none, inside lang="en"', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
    at(
      '/es/package/lofoten-lights',
      <PackageDetails
        pkg={content({
          es: {
            name: 'Luces de Lofoten',
            description: '',
            itinerary: [{ title: 'Llegada a Svolvær', body: '' }],
            includes: ['Dos noches'],
          },
        })}
      />,
    );
    const name = screen.getByRole('heading', { level: 1 });
    expect(name).toHaveTextContent('Luces de Lofoten');
    expect(langOf(name)).toBe('');
    const description = screen.getByText('Northern lights over the fjords.');
    expect(langOf(description)).toBe('en');

    const translatedDay = screen.getByText('Llegada a Svolvær');
    expect(langOf(translatedDay)).toBe('');
    // The day's body has no Spanish: English, marked.
    expect(langOf(screen.getByText('Check in by the harbour.'))).toBe('en');
    // Day 2 has no Spanish at all; its "Día 2:" prefix stays in the page's language.
    expect(langOf(screen.getByText('Kayaks'))).toBe('en');
    expect(langOf(screen.getByText('Día 2:', { exact: false }))).toBe('');

    expect(langOf(screen.getByText('Dos noches'))).toBe('');
    expect(langOf(screen.getByText('Breakfast'))).toBe('en');
    expect(langOf(screen.getByText('Flights'))).toBe('en');
    expect(screen.queryByText('Lofoten Lights')).toBeNull();
  });

  it('a package with no Spanish at all reads in English, every text inside lang="en"', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
    at('/es/package/lofoten-lights', <PackageDetails pkg={content()} />);
    for (const text of [
      'Lofoten Lights',
      'Northern lights over the fjords.',
      'Arrive in Svolvær',
      'Two nights',
    ]) {
      expect(langOf(screen.getByText(text)), text).toBe('en');
    }
  });

  it('the English page is as it was: no Spanish, no lang attribute', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
    const { container } = at(
      '/package/lofoten-lights',
      <PackageDetails pkg={content({ es: { name: 'Luces de Lofoten', includes: ['Dos noches'] } })} />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Lofoten Lights');
    expect(screen.getByText('Two nights')).toBeInTheDocument();
    expect(container.querySelector('[lang]')).toBeNull();
    expect(container).not.toHaveTextContent('Luces');
  });

  it('a card shows its Spanish name over its English description, each in its language', () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"departures":[]}'));
    at('/es', <PackageCard pkg={{ ...english, translations: { es: { name: 'Luces de Lofoten' } } }} />);
    const card = within(screen.getByRole('article'));
    const title = card.getByRole('heading', { name: 'Luces de Lofoten' });
    expect(title).not.toHaveAttribute('lang');
    expect(card.getByText(/^Northern lights/)).toHaveAttribute('lang', 'en');
    expect(card.getByRole('link', { name: /Luces de Lofoten/ })).toHaveAttribute(
      'href',
      '/es/package/lofoten-lights',
    );
  });

  it('a booked package’s name reads in Spanish on /es pages from the catalogue, in English (lang="en") until then', async () => {
    const catalogue = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () =>
          new Response(JSON.stringify([{ ...english, translations: { es: { name: 'Luces de Lofoten' } } }])),
      );
    at('/es/bookings', <Booked name="Lofoten Lights" />);
    // Until the catalogue is there: the name as booked, marked English.
    expect(langOf(screen.getByRole('heading', { name: 'Lofoten Lights' }))).toBe('en');
    const spanish = await screen.findByRole('heading', { name: 'Luces de Lofoten' });
    expect(spanish).not.toHaveAttribute('lang');
    expect(catalogue).toHaveBeenCalledWith('/packages.json', expect.anything());
  });

  it('a booked package’s name on an English page is the name as booked, and nothing is fetched', () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    at('/bookings', <Booked name="Lofoten Lights" />);
    expect(screen.getByRole('heading', { name: 'Lofoten Lights' })).not.toHaveAttribute('lang');
    expect(fetched).not.toHaveBeenCalled();
  });
});

// What a route that shows bookings composes (src/routes/bookings.tsx): the names, and a summary's
// heading reading its own.
function Booked({ name }: { name: string }) {
  return (
    <PackageNamesProvider value={useTranslatedNames(useLanguage())}>
      <Heading name={name} />
    </PackageNamesProvider>
  );
}

function Heading({ name }: { name: string }) {
  const shown = useShownPackageName(english.id, name);
  return <h2 lang={shown.lang}>{shown.text}</h2>;
}
