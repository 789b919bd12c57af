import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

// False while the server renders a page and while the browser hydrates it (the two renders must
// match), true from the render after hydration and on every page the browser renders itself.
// For what only the browser knows: the reader's time zone and clock (src/components/moment.tsx).
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
