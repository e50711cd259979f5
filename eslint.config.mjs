// One lint for the whole tree (`npm run lint`, part of `npm test`). Type-aware rules are left out:
// `npm run typecheck` already runs the compiler, and the 2-core CI machine pays for every pass.
// Import circles and upward imports are checked by dependency-cruiser (`npm run check:imports`),
// which sees type-only imports and the web's layers; import-x/no-cycle repeats the circle rule
// here so an editor shows it while typing.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'proto/gen/**',
      'web/src/api/gen/**',
      'proto/gen.*/**',
      '.data/**',
      '.cache/**',
      '.tmp/**',
      'coverage/**',
      'helm/**/charts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2022, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Production code names its types: pg rows by the row's shape, foreign JSON parsed at the
      // edge, grpc-js handler maps through the kit's adapter. Tests may still use `any` below.
      '@typescript-eslint/no-explicit-any': 'error',
      // Unused names are errors, except a deliberate `_` prefix (an argument a signature requires).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The classic hook rules. v7's "recommended" adds the React Compiler's rules (set-state-in-effect,
    // refs during render, purity); we do not compile with it, and its findings here are the
    // load-on-open effects every dialog uses on purpose.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Paths and verbs come from the protos through the generated client (api/gen/routes.ts, `npm run
      // gen`): a path typed by hand is not checked against the route table and breaks silently.
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/\\/api\\/v1/]', 'TemplateElement[value.raw=/\\/api\\/v1/]'].map((selector) => ({
          selector,
          message: "No '/api/v1' path outside the generated client: call the route's function of api/gen/routes.ts (or its .url()).",
        })),
      ],
    },
  },
  {
    // k6 scripts run in k6's runtime, not Node.
    files: ['load-tests/**/*.js', 'scripts/chaos/k6/**/*.js', 'scripts/k8s/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
  {
    // Test fixtures poke at replies of every shape; a test's `any` cannot reach production.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'scripts/testing.ts', 'services/kit/src/testing.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.cjs', 'jest.config.js', 'scripts/jest/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.jest } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
