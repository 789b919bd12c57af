import { useLayoutEffect, useRef } from 'react';

// Which half of the screen the status line goes to on a phone (admin.css): the half away from the
// control just used, so it never sits over the button the operator pressed or the row beside it
// (after a check-in it covered the previous traveller's Present and No-show buttons).
export function flashPlacement(control: Element | null, viewportHeight: number): 'top' | 'bottom' {
  if (!control || control === document.body) return 'bottom';
  const box = control.getBoundingClientRect();
  return box.top + box.height / 2 < viewportHeight / 2 ? 'bottom' : 'top';
}

// The live region stays in the page (empty when idle) so screen readers announce each message.
export function Flash({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    if (message && ref.current) {
      ref.current.dataset.place = flashPlacement(document.activeElement, window.innerHeight);
    }
  }, [message]);
  return (
    <p ref={ref} className="admin-flash" role="status" data-empty={message === ''}>
      {message}
    </p>
  );
}
