import { useCallback, useEffect, useState } from 'react';
import { usePreloaded } from '~/lib/page-data';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'error'; message: string; forbidden: boolean };

// One GET for a guide's page: the server-rendered answer when there is one, else fetched.
export function useGuideData<T>(path: string, load: (signal: AbortSignal) => Promise<T>) {
  const preloaded = usePreloaded<T>(path);
  const [state, setState] = useState<Loaded<T>>(
    preloaded ? { status: 'ready', data: preloaded } : { status: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (preloaded && attempt === 0) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = (error as { status?: number }).status;
        setState({
          status: 'error',
          forbidden: status === 403,
          message: error instanceof Error ? error.message : 'This could not be loaded. Please try again.',
        });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the path names what is loaded
  }, [path, attempt]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { state, setState, retry };
}
