import type { Departure } from '#contracts/api';
import { isBookable } from '#contracts/departure';
import { msg } from '#contracts/i18n';

// A package card's next dates: what the React card (components/next-departures.tsx) and the
// page without React (islands/next-dates.ts) both show, from the public departures API.

// How many dates a package card names.
export const NEXT_DEPARTURES = 2;

// The next open departures with a seat left, earliest first (the API answers in date order).
export const pickNextDates = (departures: readonly Departure[]) =>
  departures.filter(isBookable).slice(0, NEXT_DEPARTURES);

export const nextDatesText = {
  none: msg('Dates on request: call or write to us'),
  failed: msg('Dates on the trip’s page'),
};

// Resolves once the browser is idle after the page's load: the cards' dates never compete with
// the first paint, the hero image or hydration (docs/decisions/003-hydrate-after-load.md).
let idle: Promise<void> | undefined;
export function whenIdle(): Promise<void> {
  idle ??= new Promise<void>((resolve) => {
    const later = () =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(() => resolve(), { timeout: 2000 })
        : setTimeout(resolve, 200);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
  return idle;
}
