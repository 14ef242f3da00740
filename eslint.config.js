import { dirname, relative, resolve, sep } from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Web boundaries (like bulletproof-react's import zones): a feature is a vertical slice that never
// imports another feature nor app/ (app/ composes the features: routes, layout); components/ and
// lib/ are the shared layer below every feature and import neither features/ nor app/. A piece two
// features need moves down to components/ or lib/. Written as a small local rule that resolves each
// relative import against the importing file: no plugin to install (eslint-plugin-import-x pulls
// native resolver bindings the registry here does not hold for every platform, so `npm ci` fails).
const WEB_SRC = resolve(import.meta.dirname, 'apps/web/src');
const webBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      feature: "Une fonctionnalité web n'importe pas une autre fonctionnalité ({{target}}) : déplacer la pièce commune dans components/ ou lib/, ou composer dans app/.",
      app: "Une fonctionnalité n'importe pas app/ ({{target}}) : app/ compose les fonctionnalités, pas l'inverse.",
      shared: "components/ et lib/ sont sous les fonctionnalités : ils n'importent ni features/ ni app/ ({{target}}).",
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const [layer, feature] = relative(WEB_SRC, file).split(sep);
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(WEB_SRC, resolve(dirname(file), source)).split(sep);
      if (target[0] === '..') return;
      const [targetLayer, targetFeature] = target;
      const data = { target: target.join('/') };
      if (layer === 'features' && targetLayer === 'features' && targetFeature !== feature) context.report({ node, messageId: 'feature', data });
      else if (layer === 'features' && targetLayer === 'app') context.report({ node, messageId: 'app', data });
      else if ((layer === 'components' || layer === 'lib') && (targetLayer === 'features' || targetLayer === 'app')) context.report({ node, messageId: 'shared', data });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const NODE_BUILTINS = ['assert', 'buffer', 'child_process', 'crypto', 'events', 'fs', 'http', 'https', 'net', 'os', 'path', 'stream', 'url', 'util', 'worker_threads', 'zlib'];

export default tseslint.config(
  // apps/web/scripts: measurement scripts run by hand; scripts: the npm scripts' runner (plain .mjs,
  // outside the typed projects).
  { ignores: ['apps/web/scripts/**', 'scripts/**', '**/node_modules/**', '**/dist/**', 'apps/web/dist-*/**', '**/.tmp/**', 'data/**', '**/migrations/**', 'test-results/**', 'playwright-report/**'] },
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
    // Web lint zones (see webBoundaries above).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'web-boundaries': { rules: { 'no-cross-layer-import': webBoundaries } } },
    rules: {
      'web-boundaries/no-cross-layer-import': 'error',
      // MUI's secondaryAction keeps 48 px at the row's end and draws the action there, over the
      // text: a text button covered the dates and names beside it (Sessions actives, '+ Ajouter').
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name="secondaryAction"] JSXElement[openingElement.name.name="Button"]',
          message: 'Un bouton texte dans secondaryAction recouvre le texte de la ligne : utilisez ActionListItem (components/action-list-item.tsx).',
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
