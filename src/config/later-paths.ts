// Paths that no page of the site's shell links to, apart from src/config/paths.ts: that object is
// in every page's first JavaScript, the home page's budgeted 10 KiB included
// (scripts/js-budget.test.ts), and these are reached only from the console or after an action.
export const laterPaths = {
  // Where a deleted account ends: it says the account and its data are gone.
  accountDeleted: '/account/deleted',
  adminMoney: '/admin/money',
};
