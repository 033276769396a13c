// One flat config for the whole package: TypeScript rules everywhere, React hooks rules in web/,
// and the layering rule of the house style (shared → features → app; no feature imports another).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'register', 'header', 'side-menu', 'home', 'games', 'lottery', 'vn-lottery', 'elott', 'promotions', 'point-mall', 'member-centre', 'agent-centre', 'help', 'download', 'chat', 'announcements', 'footer', 'sandbox', 'status'];

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
              group: FEATURES.filter((f) => f !== feature).map((f) => `**/features/${f}/**`),
              message: 'Features do not import from each other: share through src/ui, src/api or src/app.',
            },
          ],
        },
      ],
    },
  })),
);
