// What a visitor's public page runs instead of React (docs/decisions/066-no-react-for-a-visitors-first-load.md).
// `/`, `/blogs`, `/about`, `/account` and the 404 page are HTML that React would only hydrate to
// look the same: for a visitor without a stored session, the page's loader
// (server/src/pages/defer-hydration.ts) imports this module after the first paint instead, and
// starts React only when the visitor reaches for something that needs it (a form, a button React
// works). This does what those pages do without React: the phone menu, and the home page's next
// dates. Links and the FAQ's <details> are native. It imports no React: emitted as a chunk of its
// own by vite.config.ts (`islands`), and the JavaScript budget checks what it brings
// (scripts/js-budget.test.ts).
import { wireMenuIsland } from '~/components/layout/menu-island';
import { showNextDates } from '~/features/packages/islands/next-dates';

wireMenuIsland(document);
// The e2e tests wait for this mark (or `data-hydrated`) before they use a page.
document.documentElement.dataset.islands = 'ready';
void showNextDates(document);
