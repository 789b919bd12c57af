import { useCallback, useEffect, useState } from 'react';
import { refreshOperatorRole } from '~/lib/auth';

export type OperatorAccess =
  | { status: 'checking' }
  | { status: 'operator' }
  | { status: 'not-operator' }
  | { status: 'error'; message: string };

// On entering the console the token is refreshed (a fresh `npm run admin -- grant` counts at
// once) and its claim read. This decides what the browser shows, nothing more: the server checks
// the claim on every /api/admin call.
export function useOperatorAccess(uid: string) {
  const [access, setAccess] = useState<OperatorAccess>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setAccess({ status: 'checking' });
    refreshOperatorRole().then(
      (operator) => {
        if (current) setAccess({ status: operator ? 'operator' : 'not-operator' });
      },
      () => {
        if (current)
          setAccess({
            status: 'error',
            message: 'We could not check your access. Check your connection and try again.',
          });
      },
    );
    return () => {
      current = false;
    };
  }, [uid, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { access, retry };
}
