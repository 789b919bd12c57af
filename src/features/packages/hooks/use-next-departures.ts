import { useAsyncData } from '~/lib/use-async-data';

// How many dates a package card names.
export const NEXT_DEPARTURES = 2;

// Resolves once the browser is idle after the page's load: the cards' dates never compete with
// the first paint, the hero image or hydration (docs/decisions/003-hydrate-after-load.md).
let idle: Promise<void> | undefined;
function whenIdle(): Promise<void> {
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

// The next open departures with a seat left, earliest first, loaded when the browser is idle.
export function useNextDepartures(packageId: string) {
  return useAsyncData(`next-departures-${packageId}`, async (signal) => {
    await whenIdle();
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
    // Loaded here, not imported: the API client and the departure rules stay out of the home
    // page's first JavaScript (its budget: scripts/js-budget.test.ts).
    const [{ getDepartures }, { isBookable }] = await Promise.all([
      import('~/lib/departures-api'),
      import('#contracts/departure'),
    ]);
    const departures = await getDepartures(packageId, signal);
    return departures.filter(isBookable).slice(0, NEXT_DEPARTURES);
  }).state;
}
