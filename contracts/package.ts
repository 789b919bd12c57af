// A package of the catalogue (public/packages.json): what the home page, the package page and the
// console read, and the server's copy of names and prices.
export type TravelPackage = {
  id: string;
  name: string;
  description: string;
  img: string;
  // Per person, whole dollars.
  price: number;
};

// A hand check instead of a schema keeps the home page's bundle small.
export function isTravelPackage(value: unknown): value is TravelPackage {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.id === 'string' &&
    typeof p.name === 'string' &&
    typeof p.description === 'string' &&
    typeof p.img === 'string' &&
    typeof p.price === 'number'
  );
}
