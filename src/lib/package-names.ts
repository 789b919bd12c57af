// A booked package's name in the page's language, for the booking feature's screens (My bookings,
// the checkout): a route that shows bookings provides the catalogue's translated names
// (src/features/packages/hooks/use-packages.ts useTranslatedNames), and each booking's summary
// reads its own here. Without one, or without a translation, the name as booked, in English
// (marked lang="en" on another language's page: src/lib/catalogue-text.ts).
import { createContext, useContext } from 'react';
import { shownText, type ShownText } from '~/lib/catalogue-text';
import { useLanguage } from '~/lib/i18n';

// A package's name in the page's language by its id; undefined when the catalogue has none.
export type TranslatedNames = (packageId: string) => string | undefined;

const Names = createContext<TranslatedNames>(() => undefined);
export const PackageNamesProvider = Names.Provider;

export function useShownPackageName(packageId: string, english: string): ShownText {
  return shownText(useLanguage(), english, useContext(Names)(packageId));
}
