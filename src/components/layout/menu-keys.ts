// While the phone menu is open, Tab and Shift+Tab go round the toggle and the menu's links only
// (the page behind is covered), and Escape closes it with focus back on the toggle. One home for
// the navbar (./navbar.tsx, with React) and the page without React (./menu-island.ts).
export function menuKeydown(
  event: KeyboardEvent,
  toggle: HTMLElement,
  menu: HTMLElement,
  close: () => void,
): void {
  if (event.key === 'Escape') {
    close();
    toggle.focus();
    return;
  }
  if (event.key !== 'Tab') return;
  const inside = [toggle, ...menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
  const at = inside.indexOf(document.activeElement as HTMLElement);
  const next = event.shiftKey
    ? at <= 0
      ? inside.length - 1
      : at - 1
    : at === inside.length - 1
      ? 0
      : at + 1;
  event.preventDefault();
  inside[at === -1 ? 0 : next]?.focus();
}

// Whether the menu is open, as the page shows it: what the navbar takes over when React hydrates
// a page whose menu the island already opened.
export const menuShownOpen = (menuId: string) =>
  typeof document !== 'undefined' && document.getElementById(menuId)?.dataset.open === 'true';
