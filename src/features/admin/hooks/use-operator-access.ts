import { useCallback, useEffect, useState } from 'react';
import type { StaffRole } from '#contracts/roles';
import { refreshStaffRole } from '~/lib/auth-actions';

export type OperatorAccess =
  | { status: 'checking' }
  | { status: 'operator' }
  // A guide is sent to their own screen (/guide); anyone else is told the console is not theirs.
  | { status: 'not-operator'; role: StaffRole | null }
  | { status: 'error'; message: string };

// On entering the console the token is refreshed (a fresh `npm run admin -- grant` counts at
// once) and its claim read. This decides what the browser shows, nothing more: the server checks
// the claim on every /api/admin call.
// `operatorByCookie`: a server-rendered console page (its session cookie carried the claim) shows
// at once, and the fresh token is checked behind it; only a "no" changes the page.
export function useOperatorAccess(uid: string, operatorByCookie = false) {
  const [access, setAccess] = useState<OperatorAccess>(
    operatorByCookie ? { status: 'operator' } : { status: 'checking' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const quiet = operatorByCookie && attempt === 0;
    if (!quiet) setAccess({ status: 'checking' });
    refreshStaffRole().then(
      (role) => {
        if (!current) return;
        setAccess(
          role === 'owner' || role === 'operator' ? { status: 'operator' } : { status: 'not-operator', role },
        );
      },
      () => {
        // The page the server rendered stays; every /api/admin call checks the claim anyway.
        if (current && !quiet)
          setAccess({
            status: 'error',
            message: 'We could not check your access. Check your connection and try again.',
          });
      },
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the cookie's word counts on entry only
  }, [uid, attempt]);

  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  return { access, retry };
}
