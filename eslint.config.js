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

// Server boundaries (docs/scope.md, README "Conventions for a new area"), resolved like the web's:
// each relative import is resolved against the importing file. The tables an area owns: its
// repository imports them from its own db/schema/<file>.ts; another area's rows come through that
// area's service, or, for scope and names, the read-only views of access/views.ts. db/tables.ts
// gathers every table for Drizzle's client and migrations (db/) and for the tests, nobody else.
const SERVER_SRC = resolve(import.meta.dirname, 'apps/server/src');
const AREA_TABLES = {
  agenda: ['agenda'],
  appointments: ['agenda'],
  chat: ['chat'],
  dietetics: ['dietetics'],
  'sport-programs': ['sport'],
  'sport-catalogs': ['sport'],
  exercises: ['sport'],
  diary: ['diary'],
  patients: ['patients'],
  consultations: ['consultations'],
  documents: ['documents'],
  notices: ['notices'],
  notes: ['notes'],
  contacts: ['contacts'],
  records: ['records'],
  articles: ['articles'],
  newspapers: ['articles'],
  policies: ['policies'],
  organisations: ['organisations'],
  specialists: ['specialists'],
  users: ['users'],
  profile: ['users'],
  auth: ['auth', 'security', 'oidc'],
  admin: ['audit'],
  statistics: ['statistics'],
  history: ['history'],
  invoices: ['invoices'],
  signing: ['signing'],
  'clinical-documents': ['clinical-documents'],
  video: ['video'],
  questionnaires: ['questionnaires'],
  'lib/realtime': ['realtime'],
  'lib/audit': ['audit'],
  'lib/throttle': ['security'],
};
/** Column helpers (organisationOwned, archivable…), not a table: every schema file and area may use them. */
const SHARED_SCHEMA = ['columns'];
const FASTIFY = /^(fastify|@fastify\/|fastify-)/;
const serverBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      tables: "db/tables.ts rassemble les tables pour le client Drizzle, les migrations (db/) et les tests : importer les tables du domaine depuis {{own}}, celles des autres domaines par leur service ou access/views.ts.",
      foreignTable: "Le domaine « {{area}} » n'importe que ses tables ({{own}}) : {{target}} appartient à un autre domaine. Passer par le service de ce domaine (ajouter une fonction exportée au besoin), ou joindre une vue de access/views.ts (patients, users, organisations, jobSpecialists).",
      noTables: "« {{area}} » n'a pas de tables à lui ({{target}}) : lire les données par le service du domaine concerné, ou joindre une vue de access/views.ts.",
      pluginTable: "plugins/ ne lit aucune table directement ({{target}}) : joindre les vues de access/views.ts, ou appeler le service du domaine.",
      repository: "plugins/ et access/ n'importent pas le repository d'un module ({{target}}) : appeler le service du domaine (access/ décide des règles, les requêtes restent dans leur domaine).",
      routes: "Un module n'importe pas les routes d'un autre module ({{target}}) : déplacer la pièce commune dans le service du domaine, ou dans lib/ si elle touche HTTP.",
      fastify: "Les services, les repositories et access/ ne connaissent pas HTTP (import de « {{source}} ») : la route lit la requête (callerOf, clientOf de lib/request.ts) et passe un Caller et des valeurs simples.",
    },
  },
  create(context) {
    const file = context.physicalFilename;
    const path = relative(SERVER_SRC, file).split(sep);
    if (path[0] === '..') return {};
    const base = path[path.length - 1];
    const isTest = /\.test(-kit)?\.ts$/.test(base);
    const layer = path[0];
    const module = layer === 'modules' ? path[1] : null;
    const area = module ?? (layer === 'lib' ? `lib/${path[1].replace(/\.ts$/, '')}` : null);
    const httpFree = /\.(service|repository)\.ts$/.test(base) || layer === 'access';
    const check = (node) => {
      const source = node?.value;
      if (typeof source !== 'string') return;
      if (!source.startsWith('.')) {
        if (httpFree && FASTIFY.test(source)) context.report({ node, messageId: 'fastify', data: { source } });
        return;
      }
      const target = relative(SERVER_SRC, resolve(dirname(file), source)).split(sep);
      if (target[0] === '..') return;
      const shown = target.join('/');
      const data = { target: shown };
      const [targetLayer, targetModule] = target;
      const targetBase = target[target.length - 1].replace(/\.ts$/, '');
      if (targetLayer === 'db' && target.length === 2 && targetBase === 'tables') {
        const own = area && AREA_TABLES[area] ? AREA_TABLES[area].map((f) => `db/schema/${f}.ts`).join(', ') : 'db/schema/<domaine>.ts';
        if (layer !== 'db' && !isTest) context.report({ node, messageId: 'tables', data: { ...data, own } });
        return;
      }
      if (targetLayer === 'db' && target[1] === 'schema' && !SHARED_SCHEMA.includes(targetBase) && !isTest) {
        if (layer === 'plugins') context.report({ node, messageId: 'pluginTable', data });
        else if (area && layer !== 'db') {
          const own = AREA_TABLES[area];
          if (!own) {
            if (module) context.report({ node, messageId: 'noTables', data: { ...data, area } });
          } else if (!own.includes(targetBase)) {
            context.report({ node, messageId: 'foreignTable', data: { ...data, area, own: own.map((f) => `db/schema/${f}.ts`).join(', ') } });
          }
        }
        return;
      }
      if (targetLayer === 'modules' && /\.repository(\.ts)?$/.test(shown) && (layer === 'plugins' || layer === 'access')) {
        context.report({ node, messageId: 'repository', data });
        return;
      }
      if (targetLayer === 'modules' && module && targetModule !== module && /\.(routes|actions)(\.ts)?$/.test(shown)) {
        context.report({ node, messageId: 'routes', data });
      }
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
    // Tables, repositories, routes and HTTP (serverBoundaries above); tests are exempt from the
    // table rules inside the rule (they seed and inspect any table).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'server-boundaries': { rules: { 'no-cross-area-import': serverBoundaries } } },
    rules: { 'server-boundaries/no-cross-area-import': 'error' },
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
        // MUI 9 has no system props: a component's own `color` takes a palette name (error,
        // success, textSecondary…) and silently drops a theme path such as 'text.secondary', which
        // drew 190 secondary texts in the primary text colour. A path belongs in sx.
        {
          selector: 'JSXAttribute[name.name="color"] Literal[value=/^[a-z]+[.]/]',
          message: "MUI 9 ignore un chemin de palette dans color : écrivez color=\"textSecondary\" (ou \"error\", \"success\"…), ou le chemin dans sx (sx={{ color: 'success.dark' }}).",
        },
        {
          selector: 'JSXAttribute[name.name="slotProps"] Property[key.name=/^(primary|secondary)$/] > ObjectExpression > Property[key.name="color"] Literal[value=/^[a-z]+[.]/]',
          message: "MUI 9 ignore un chemin de palette dans color : écrivez color: 'textSecondary' (ou 'error', 'success'…), ou le chemin dans sx.",
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
