import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url));

// Layering rules (README.md, "Layout"): features never import each other, and shared code
// (components, lib, config) never imports a feature. Routes compose features.
const noParentImports = {
  group: ['../*'],
  message: 'Use the ~/ alias instead of parent-relative imports.',
};

const featureBoundaries = features.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          noParentImports,
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [`~/features/${other}/*`, `**/features/${other}/*`],
              message: `Feature "${feature}" must not import feature "${other}": lift shared code to src/lib or src/components, or compose in a route.`,
            })),
        ],
      },
    ],
  },
}));

// The server by domain (server/src/<domain>/), in floors: a folder imports only from the floors
// below it, never from its own floor's other folders nor from above (app.ts, main.ts). A domain
// that needs another's code moves that code down a floor. Tests are the exception: they may use
// any fixture (server/src/test/), which no production file imports. Every folder of server/src is
// on a floor or is the fixtures' folder: lint stops when one is not (scripts/server-floors.test.ts),
// so a new domain cannot be left outside the rules.
export const serverFloors = [
  ['db'],
  ['http'],
  ['audit', 'auth', 'catalog', 'mail'],
  // Money's settings and its computation in SQL and for a stored booking (contract v5): read by
  // every booking mapping, below bookings/.
  ['money'],
  // The app's context (what a route plugin is given) and the helpers every domain's routes share:
  // actors, write limits (docs/decisions/060-app-context.md).
  ['context'],
  // Seats coming free (waiting-list offers) and a party's guest rows: every path that changes
  // seats or a party's size, in bookings/, waitlist/ and admin/, calls them in its transaction.
  ['seats'],
  ['bookings', 'departures'],
  ['guests'],
  // Travellers' own details through a personal link: builds on guests/ (its rules and audit words).
  ['guest-links'],
  ['waitlist'],
  // A departure moved to another date: offers to its bookings, built on bookings/ (changes and
  // cancellations) and seats/ (held seats). The console's season at a glance, registered by admin/.
  // Payments recorded, lapsed deposits and balance reminders: built on bookings/ (status changes).
  ['moves', 'overview', 'payments'],
  // The console's API, the traveller's account, the server-rendered pages, the reminder emails.
  ['admin', 'me', 'pages', 'reminders'],
];
export const serverFixtures = 'test';

// The folders of server/src that are neither on a floor nor the fixtures' folder, and the names on
// the floors that are no folder of server/src.
export function serverFloorGaps(folders, floors = serverFloors) {
  const placed = new Set([...floors.flat(), serverFixtures]);
  return {
    unplaced: folders.filter((folder) => !placed.has(folder)),
    missing: [...placed].filter((name) => !folders.includes(name)),
  };
}

const serverFolders = readdirSync(new URL('./server/src', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const gaps = serverFloorGaps(serverFolders);
if (gaps.unplaced.length > 0 || gaps.missing.length > 0) {
  throw new Error(
    `serverFloors in eslint.config.js must name every folder of server/src: ${[
      ...gaps.unplaced.map((folder) => `server/src/${folder}/ is on no floor`),
      ...gaps.missing.map((name) => `"${name}" is no folder of server/src`),
    ].join('; ')}.`,
  );
}

// The files at the top of server/src that build on the domains or read the environment: no domain
// imports them. The others there (bounded-map.ts, html.ts, outage-log.ts, ...) import no domain,
// and any floor may use them (scripts/server-floors.test.ts checks the difference).
export const serverRootFiles = ['app', 'api-routes', 'main', 'env', 'public-limit', 'redis'];
const serverLayering = serverFloors.flatMap((floor, level) =>
  floor.map((domain) => {
    const above = serverFloors
      .slice(level)
      .flat()
      .filter((other) => other !== domain);
    return {
      files: [`server/src/${domain}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...above.map((other) => ({
                group: [`../${other}/*`],
                message: `server/src/${domain} must not import server/src/${other} (the same floor or above, eslint.config.js): move what both need down a floor.`,
              })),
              {
                group: [...serverRootFiles.map((file) => `../${file}.js`), '../test/*'],
                message: `server/src/${domain} must not import the server's top files or its test fixtures.`,
              },
            ],
          },
        ],
      },
    };
  }),
);

export default tseslint.config(
  {
    ignores: [
      'build/',
      '.react-router/',
      'node_modules/',
      'public/',
      'test-results/',
      'playwright-report/',
      'data/',
      'reports/',
      'bench-results/',
      // Throwaway scripts, ignored by git too.
      'tmpx/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      // A leading underscore marks a value left out on purpose (a rest-destructured field).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module itself.' },
      ],
    },
  },
  {
    // What the pages load: numbers are written by formatCount and formatPrice (contracts/format.ts, contracts/money.ts), not
    // by ICU, whose first formatter was a page's longest task (docs/decisions/016).
    files: ['src/**/*.{ts,tsx}', 'contracts/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'No barrel files: import from the module itself.' },
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message:
            'Write numbers with formatCount (contracts/format.ts) or formatPrice: ICU costs a long task.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat']",
          message:
            'Write numbers with formatCount (contracts/format.ts) or formatPrice: ICU costs a long task.',
        },
      ],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noParentImports,
            { group: ['~/features/*', '**/features/*'], message: 'Shared code must not import a feature.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/routes/**', 'src/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noParentImports] }] },
  },
  ...featureBoundaries,
  ...serverLayering,
  // No import circle anywhere: a module and what it imports are read in one direction.
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these import-x resolves a .ts/.tsx import but never reads the file (its default
      // extensions are .js/.mjs/.cjs), so no-cycle saw no circle through TypeScript modules.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          // The server and shared code import TypeScript files by their emitted .js names.
          extensions: ['.ts', '.tsx', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          alias: { '~': [new URL('./src', import.meta.url).pathname] },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Three rooms: the browser (src/), the server (server/) and the contract both share
      // (contracts/, reached as #contracts/*). Neither side reads the other's folder, and the
      // contract reads neither, so it can never pull browser code into the server or back.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: './src',
              message: "The server must not import the browser's src/: move what both need to contracts/.",
            },
            {
              target: './src',
              from: './server',
              message: 'The browser must not import server/: move what both need to contracts/.',
            },
            {
              target: './contracts',
              from: ['./src', './server'],
              message: 'contracts/ is shared by browser and server: it imports neither.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/*', '../*'],
              message: 'contracts/ imports only its own files (./x.js) and libraries.',
            },
          ],
        },
      ],
    },
  },
  // The browser reads the API's answers as types only: a value import of contracts/api.ts would put
  // every schema of the API into the pages' bundles.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '#contracts/api',
              allowTypeImports: true,
              message:
                'The browser imports contracts/api.ts as types only (import type): its schemas stay on the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['e2e/**', 'scripts/**', 'server/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
