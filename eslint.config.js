import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url));

// Layering rules (DEVELOPERS.md): features never import each other, and shared code
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
    files: ['src/components/**', 'src/lib/**', 'src/config/**', 'src/contracts/**'],
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
  {
    files: ['e2e/**', 'scripts/**', 'server/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
