import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PackageContentSections, PackageFacts } from '~/components/package-content';
import type { PackageContent } from '~/lib/catalogue';

const image = (n: number, alt: string) => ({
  id: `img-${n}`,
  url: `/images/${n}.800.webp`,
  alt,
  width: 800,
  height: 533,
  avif: `/images/${n}.400.avif 400w, /images/${n}.800.avif 800w`,
  webp: `/images/${n}.400.webp 400w, /images/${n}.800.webp 800w`,
});

const pkg: PackageContent = {
  id: 'lofoten-fjords',
  name: 'Lofoten Fjords',
  description: 'Six days among the peaks.',
  img: '/images/1.800.webp',
  price: 2300,
  durationDays: 6,
  itinerary: [
    { title: 'Arrival in Svolvær', body: 'Meet your guide by the harbour.' },
    { title: 'Reine by boat', body: '' },
  ],
  includes: ['Five nights in rorbu cabins', 'A local guide'],
  excludes: ['Flights to Svolvær'],
  images: [image(1, 'The cover'), image(2, 'Red fishing huts below a granite peak')],
  questions: [],
};

// What the package page (and the console's preview of it) shows beyond the card.
describe('the package page content', () => {
  it('shows the duration, the itinerary day by day, what is and is not included, and the gallery', () => {
    render(
      <>
        <PackageFacts pkg={pkg} />
        <PackageContentSections pkg={pkg} />
      </>,
    );
    expect(screen.getByText('Duration:', { exact: false }).parentElement).toHaveTextContent('6 days');

    const days = within(screen.getByRole('region', { name: 'Day by day' })).getAllByRole('listitem');
    expect(days.map((d) => d.textContent)).toEqual([
      '1Day 1: Arrival in SvolværMeet your guide by the harbour.',
      '2Day 2: Reine by boat',
    ]);
    const included = within(screen.getByRole('region', { name: 'Included' })).getAllByRole('listitem');
    expect(included.map((i) => i.textContent)).toEqual(pkg.includes);
    const excluded = within(screen.getByRole('region', { name: 'Not included' })).getAllByRole('listitem');
    expect(excluded.map((i) => i.textContent)).toEqual(pkg.excludes);

    // The cover is the page's own picture; the gallery holds the others, lazy, sized, with alt text.
    const gallery = within(screen.getByRole('region', { name: 'Gallery' }));
    const photo = gallery.getByRole('img');
    expect(photo).toHaveAccessibleName('Red fishing huts below a granite peak');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(photo).toHaveAttribute('width', '800');
    expect(gallery.queryByRole('img', { name: 'The cover' })).toBeNull();
  });

  it('leaves out the sections a package has nothing for', () => {
    render(
      <PackageContentSections
        pkg={{ ...pkg, itinerary: [], includes: [], excludes: [], images: [pkg.images[0]!] }}
      />,
    );
    expect(screen.queryByRole('region')).toBeNull();
  });
});
