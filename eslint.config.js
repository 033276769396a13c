// One flat config for the whole package: TypeScript rules everywhere, React hooks rules in web/,
// and the web layers (ADR 007): shared (ui, api, lib, i18n, config) → session → features → app,
// no feature importing another, and no import cycles in web/src.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const WEB = './web/src';
// Every folder under web/src/features/ is a feature: a new one is covered without editing this file.
const FEATURES = readdirSync(join(import.meta.dirname, 'web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Shared layers: below the session layer, features and the app.
const SHARED = ['ui', 'api', 'config', 'lib', 'i18n'];

/** The import-x zones of the layering: each `target` may not import anything under its `from`. */
const LAYER_ZONES = [
  ...SHARED.map((dir) => ({
    target: `${WEB}/${dir}`,
    from: [`${WEB}/session`, `${WEB}/features`, `${WEB}/app`],
    message: 'Shared code (src/ui, src/api, src/config, src/lib, src/i18n) does not import session, features or app: pass the dependency in, or move the code up.',
  })),
  {
    target: `${WEB}/session`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'The session layer sits below features and app: it does not import them.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features do not import app (the composition root): share through src/session or a shared layer.',
  },
  ...FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'Features do not import from each other: share through src/session, src/ui or src/api.',
  })),
];

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'web/dist-ssr/', 'packages/*/dist/', 'examples/*/build/', 'test-results/', 'playwright-report/', 'web/src/api/schema.d.ts', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript parser for the files no-cycle follows (it reads each import's own imports).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      // Dynamic imports count: a lazy chunk that imports its importer is still a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A page's address is written once, in the route table's builders (web/src/config/paths.ts), so a
    // link, a navigation or a spec cannot name a page that does not exist. Tests of the router and
    // of the builders themselves write addresses as data.
    files: ['web/src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    ignores: ['web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='to'] > Literal[value=/^\\//]",
          message: 'Link to a page with a builder of web/src/config/paths.ts (paths.home(), …), not a literal path.',
        },
        {
          selector: "CallExpression[callee.name='navigate'] > Literal.arguments:first-child[value=/^\\//]",
          message: 'Navigate with a builder of web/src/config/paths.ts (paths.home(), …), not a literal path.',
        },
        {
          selector: "CallExpression[callee.property.name='goto'] > Literal.arguments:first-child[value=/^\\//]",
          message: 'Open a page with a builder of web/src/config/paths.ts (paths.home(), …), or NO_SUCH_PAGE of e2e/fixtures.ts, not a literal path.',
        },
      ],
    },
  },
);
