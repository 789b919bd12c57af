// One read in flight at a time, by key, for a reader a process keeps between requests (the money
// screen, server/src/admin/money-routes.ts; the overview's seats and settled weeks,
// server/src/overview/queries.ts): requests arriving together for the key being read share that
// read, and a read for another key replaces it as the one in flight (its callers still get theirs).
export function oneReadAtATime<T>() {
  let reading: { key: string; done: Promise<T> } | undefined;
  return {
    read(key: string, start: () => Promise<T>): Promise<T> {
      if (reading?.key === key) return reading.done;
      const done = start();
      const entry = { key, done };
      reading = entry;
      void done
        .finally(() => {
          if (reading === entry) reading = undefined;
        })
        .catch(() => {});
      return done;
    },
    // Whether `done` is still the read in flight: no read for another key has started since.
    inFlight: (done: Promise<T>) => reading?.done === done,
  };
}
