import { useSyncExternalStore } from 'react';

// A value kept outside React that components follow (the auth state and the operator's role,
// src/lib/auth.ts): `set` tells every component reading it; the server renders `serverValue`,
// so the first render in the browser hydrates the same markup before the stored value shows.
export function externalStore<T>(initial: T, serverValue: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    set(next: T) {
      value = next;
      listeners.forEach((l) => l());
    },
    useValue: () =>
      useSyncExternalStore(
        subscribe,
        () => value,
        () => serverValue,
      ),
  };
}
