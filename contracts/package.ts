// A package of the catalogue (public/packages.json): what the home page, the package page and the
// console read, and the server's copy of names and prices (server/src/catalog/packages.ts), all
// from this one schema. zod/mini: the home page's code loads it only when it fetches the file
// (src/features/packages/api/get-packages.ts), as its grid comes in the HTML.
import * as z from 'zod/mini';

export const travelPackageSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  img: z.string(),
  // Per person, whole dollars.
  price: z.number().check(z.nonnegative()),
  // Whole dollars: the lowest upcoming price where the package's dates differ in price (the card
  // reads "from $1,390"); absent when every date sells at one price.
  fromPrice: z.optional(z.number().check(z.nonnegative())),
  // The card's texts in other languages where the console gave them (migration 68); absent when
  // none is translated, so the English catalogue reads as it always did.
  translations: z.optional(
    z.object({
      es: z.optional(z.object({ name: z.optional(z.string()), description: z.optional(z.string()) })),
    }),
  ),
});

export type TravelPackage = z.infer<typeof travelPackageSchema>;

// The catalogue file: a list of packages (fields beyond these are dropped).
export const catalogueSchema = z.array(travelPackageSchema);

export const isTravelPackage = (value: unknown): value is TravelPackage =>
  travelPackageSchema.safeParse(value).success;
