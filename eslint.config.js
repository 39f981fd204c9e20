import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import backofficeBoundaries from './eslint/backoffice-boundaries.js';
import playerBoundaries from './eslint/player-boundaries.js';
import serverBoundaries from './eslint/server-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/drizzle/**',
      'data/**',
      'e2e/artifacts/**',
      'test-results/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'check-file': checkFile, 'import-x': importX },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // the contract imports only zod; apps never import each other; the server never imports the sandbox
    files: ['packages/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@wallet/*', '!@wallet/contract', 'react*', 'fastify*', 'drizzle*'] },
      ],
    },
  },
  {
    files: ['apps/server/src/**'],
    ignores: ['apps/server/src/bootstrap/modules.ts', 'apps/server/src/bootstrap/sandbox.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@wallet/sandbox*', '@wallet/player*', '**/player/**'] }],
    },
  },
  {
    files: ['apps/player/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': 'off',
      // the browser gets the zod-free route table (client-api.gen); schema modules only as types
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@wallet/server*', '@wallet/sandbox*', 'drizzle*', 'fastify*'],
              message: 'server code in the browser',
            },
            {
              group: [
                'zod',
                '@wallet/contract/*',
                '!@wallet/contract/client-api.gen',
                '!@wallet/contract/limits',
                '!@wallet/contract/errors',
                '!@wallet/contract/endpoint',
                '!@wallet/contract/socket-events',
                // plain functions, no zod
                '!@wallet/contract/gift-link',
              ],
              allowTypeImports: true,
              message:
                'import the route table from @wallet/contract/client-api.gen; schemas only with `import type` (keeps zod out of the bundle)',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/backoffice/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...playerBoundaries,
  ...backofficeBoundaries,
  ...serverBoundaries,
);
