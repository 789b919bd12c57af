import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

// Edits not yet saved are not lost without a word: a link inside the site (a console tab, "All
// packages", the browser's Back) is held by React Router's blocker until the person answers, and
// a reload, a typed address or closing the tab gets the browser's own "Leave site?" question.
// `allowNextLeave` lets one navigation through: the one a save or a delete makes itself.
export function useUnsavedChanges(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: Parameters<BlockerFunction>[0]) =>
        dirtyRef.current &&
        (currentLocation.pathname !== nextLocation.pathname ||
          currentLocation.search !== nextLocation.search),
      [],
    ),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowNextLeave = useCallback(() => {
    dirtyRef.current = false;
  }, []);

  return { blocker, allowNextLeave };
}
