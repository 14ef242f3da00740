import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const NODE_BUILTINS = ['assert', 'buffer', 'child_process', 'crypto', 'events', 'fs', 'http', 'https', 'net', 'os', 'path', 'stream', 'url', 'util', 'worker_threads', 'zlib'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/server/**/*.ts', '*.config.ts', 'apps/web/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
  },
  // Server boundaries (README, "Conventions for a new area"). A module reaches another area through
  // that area's service, never its repository (the SQL and its scope stay with their area); lib/ is
  // infrastructure every module uses, so it never imports plugins/ or modules/.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository', '../*/*.repository.ts', '../../modules/*/*.repository.ts', '**/modules/*/*.repository.ts'],
              message: 'Un module passe par le service d’un autre domaine, jamais par son repository.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/plugins/**', '**/modules/**', '../plugins', '../modules'], message: 'lib/ est de l’infrastructure : il n’importe ni plugins/ ni modules/.' }],
        },
      ],
    },
  },
  {
    // packages/shared runs in the browser and in Node: neither Node modules nor the DOM.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'packages/shared doit rester sans import Node.' },
            { group: NODE_BUILTINS, message: 'packages/shared doit rester sans import Node.' },
            { group: ['react', 'react-dom', '@mui/*'], message: 'packages/shared doit rester sans import DOM.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'process', 'Buffer', '__dirname', 'require'],
    },
  },
);
