import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncData<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

// Loads once per key (and again on retry); a newer load aborts the older one, so a slow answer
// never overwrites a fresh one. `load` is read when the key changes, not on every render.
// `initial` (a booking handed over in history state, or an answer the server read for this page:
// ~/lib/page-data) stands for the first key's load.
export function useAsyncData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, initial?: T) {
  const [state, setState] = useState<AsyncData<T>>(
    initial === undefined ? { status: 'loading' } : { status: 'success', data: initial },
  );
  const [attempt, setAttempt] = useState(0);
  const initialKey = useRef(initial === undefined ? undefined : key);

  useEffect(() => {
    if (key === null) return;
    if (attempt === 0 && key === initialKey.current) return;
    initialKey.current = undefined;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: keyed loads
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { state, retry };
}
