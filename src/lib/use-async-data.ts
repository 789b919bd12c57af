import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncData<T> =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'success'; data: T };

// A loaded list as its screen reads it: the data under its own name (`departures`, `packages`)
// and a failure as the words to show.
export type Shown<Name extends string, T> =
  { status: 'loading' } | { status: 'error'; message: string } | ({ status: 'success' } & Record<Name, T>);

export function shownAs<Name extends string, T>(
  state: AsyncData<T>,
  name: Name,
  failure: (error: unknown) => string,
): Shown<Name, T> {
  if (state.status === 'success') return { status: 'success', [name]: state.data } as Shown<Name, T>;
  if (state.status === 'error') return { status: 'error', message: failure(state.error) };
  return state;
}

// The one loader of the site's screens. It loads once per key (and again on retry); a newer load
// aborts the older one, so a slow answer never overwrites a fresh one. `load` is read when the
// key changes, not on every render. A null key loads nothing (and stays `loading`).
//
// - `retry()` loads again from a clean slate (a spinner, then the data or the error).
// - `refresh()` loads again quietly: what is shown stays until the new answer is there, and a
//   refresh that fails keeps it (after a change, the screen must not blink to a spinner).
// - `update(fn)` changes the data in place, as the server answered a change.
// - `initial` is shown at once and not loaded until a retry or refresh (a booking handed over in
//   history state, a cached list).
export function useAsyncData<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>, initial?: T) {
  const [state, setState] = useState<AsyncData<T>>(
    initial === undefined ? { status: 'loading' } : { status: 'success', data: initial },
  );
  const [attempt, setAttempt] = useState(0);
  const quiet = useRef(false);
  const loadedKey = useRef<string | null>(initial === undefined ? null : key);

  useEffect(() => {
    if (key === null || (attempt === 0 && initial !== undefined && loadedKey.current === key)) return;
    const controller = new AbortController();
    const keepShown = quiet.current && loadedKey.current === key;
    quiet.current = false;
    if (!keepShown) setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        loadedKey.current = key;
        setState({ status: 'success', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((previous) =>
          keepShown && previous.status === 'success' ? previous : { status: 'error', error },
        );
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above: keyed loads
  }, [key, attempt]);

  const retry = useCallback(() => {
    quiet.current = false;
    setAttempt((a) => a + 1);
  }, []);
  const refresh = useCallback(() => {
    quiet.current = true;
    setAttempt((a) => a + 1);
  }, []);
  const update = useCallback((change: (data: T) => T) => {
    setState((previous) =>
      previous.status === 'success' ? { status: 'success', data: change(previous.data) } : previous,
    );
  }, []);
  return { state, retry, refresh, update };
}
