// One flat config for the whole package: TypeScript rules everywhere, React hooks rules in web/,
// and the layering rule of the house style (shared → features → app; no feature imports another).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Every folder under web/src/features/ (a folder missing here is not covered by the layering rule).
const FEATURES = [
  'agent-centre',
  'announcements',
  'auth',
  'chat',
  'download',
  'elott',
  'footer',
  'games',
  'header',
  'help',
  'home',
  'lottery',
  'member-centre',
  'not-found',
  'point-mall',
  'promotions',
  'referral',
  'register',
  'sandbox',
  'side-menu',
  'speed-test',
  'system-status',
  'vip',
  'vn-lottery',
];
// Shared layers: nothing in them may import a feature or the app.
const SHARED = ['ui', 'api', 'config', 'lib', 'i18n'];

export default tseslint.config(
  { ignores: ['node_modules/', 'web/dist/', 'test-results/', 'playwright-report/', 'web/src/api/schema.d.ts', 'coverage/'] },
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
  ...FEATURES.map((feature) => ({
    files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Relative paths too: `../G`, `../../G` and `../../../G` reach feature G from a file one,
              // two or three folders deep in this feature.
              group: FEATURES.filter((f) => f !== feature).flatMap((f) => [
                `../${f}/**`,
                `../../${f}/**`,
                `../../../${f}/**`,
                `**/features/${f}/**`,
              ]),
              message: 'Features do not import from each other: share through src/ui, src/api or src/app.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Shared code sits below features and app (shared → features → app).
    files: SHARED.map((dir) => `web/src/${dir}/**/*.{ts,tsx}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared code (src/ui, src/api, src/config, src/lib, src/i18n) does not import features or app: pass the dependency in, or move the code up.',
            },
          ],
        },
      ],
    },
  },
);
