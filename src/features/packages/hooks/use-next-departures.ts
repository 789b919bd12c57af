import { useAsyncData } from '~/lib/use-async-data';

// The next open departures with a seat left, earliest first, loaded when the browser is idle; or,
// with none or when they could not be read, what the card says instead. The rules and the words
// are the ones a visitor's page without React uses too (../next-dates.ts), loaded here, not
// imported: they stay out of the home page's first JavaScript (its budget:
// scripts/js-budget.test.ts), and so do the API client and the departure rules.
export function useNextDepartures(packageId: string) {
  return useAsyncData(`next-departures-${packageId}`, async (signal) => {
    const { pickNextDates, whenIdle, nextDatesText } = await import('~/features/packages/next-dates');
    await whenIdle();
    if (signal.aborted) throw new DOMException('Aborted', 'AbortError');
    try {
      const { getDepartures } = await import('~/lib/departures-api');
      const dates = pickNextDates(await getDepartures(packageId, signal));
      return { dates, note: dates.length > 0 ? null : nextDatesText.none };
    } catch (error) {
      if (signal.aborted) throw error;
      return { dates: [], note: nextDatesText.failed };
    }
  }).state;
}
