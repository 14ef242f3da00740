import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

// Web boundaries (like bulletproof-react): a feature is a vertical slice that never imports another
// feature (app/ composes them: routes, layout); components/ and lib/ are the shared layer below
// every feature and never import one. A piece two features need moves down to components/ or lib/.
const WEB_SRC = 'apps/web/src';
const WEB_FEATURES = readdirSync(join(import.meta.dirname, WEB_SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_ZONES = [
  ...WEB_FEATURES.map((feature) => ({
    target: `./${WEB_SRC}/features/${feature}`,
    from: `./${WEB_SRC}/features`,
    except: [`./${feature}`],
    message: `Une fonctionnalité web n'importe pas une autre fonctionnalité : déplacer la pièce commune dans components/ ou lib/, ou composer dans app/.`,
  })),
  {
    target: [`./${WEB_SRC}/components`, `./${WEB_SRC}/lib`],
    from: [`./${WEB_SRC}/features`, `./${WEB_SRC}/app`],
    message: 'components/ et lib/ sont sous les fonctionnalités : ils n’importent ni features/ ni app/.',
  },
  {
    target: `./${WEB_SRC}/features`,
    from: `./${WEB_SRC}/app`,
    message: 'Une fonctionnalité n’importe pas app/ : app/ compose les fonctionnalités, pas l’inverse.',
  },
];

const NODE_BUILTINS = ['assert', 'buffer', 'child_process', 'crypto', 'events', 'fs', 'http', 'https', 'net', 'os', 'path', 'stream', 'url', 'util', 'worker_threads', 'zlib'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.tmp/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
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
    // Web lint zones (see WEB_ZONES above).
    files: [`${WEB_SRC}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: WEB_ZONES }],
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
