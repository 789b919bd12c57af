import { menuKeydown } from '~/components/layout/menu-keys';

// The navbar's phone menu on a page that runs no React (a visitor's public page:
// docs/decisions/066-no-react-for-a-visitors-first-load.md): the toggle
// (`button[data-island="menu"]`, ./navbar.tsx) opens and closes the menu it controls, with the
// attributes and label React would render, and the keys of ./menu-keys.ts while it is open.
// Once React starts on the page (`data-react-boot` on <html>, set by the page's loader,
// server/src/pages/defer-hydration.ts) this stands aside: the loader holds presses until React has
// hydrated, and the navbar takes the menu's state over from the page (./navbar.tsx).
export function wireMenuIsland(doc: Document): void {
  const html = doc.documentElement;
  const toggle = doc.querySelector<HTMLButtonElement>('button[data-island="menu"]');
  const menu = toggle && doc.getElementById(toggle.getAttribute('aria-controls') ?? '');
  const label = toggle && [...toggle.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
  if (!toggle || !menu || !label) return;
  const standAside = () => html.hasAttribute('data-react-boot');
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const show = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    menu.dataset.open = String(open);
    // The navbar's words, in the page's language (./navbar.tsx).
    label.textContent = (open ? toggle.dataset.labelOpen : toggle.dataset.labelClosed) ?? '';
  };
  // Capture, after the loader's own listener: a press it holds arrives here prevented.
  doc.defaultView!.addEventListener(
    'click',
    (event) => {
      if (event.defaultPrevented || standAside()) return;
      if (!(event.target instanceof Node) || !toggle.contains(event.target)) return;
      show(!isOpen());
    },
    true,
  );
  doc.addEventListener('keydown', (event) => {
    if (standAside() || !isOpen()) return;
    menuKeydown(event, toggle, menu, () => show(false));
  });
}
