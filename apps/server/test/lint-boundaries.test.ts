import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lint probes of the server boundaries (eslint.config.js, docs/scope.md): small snippets linted at
// virtual paths of apps/server/src, as `npm run lint` would lint a file there. Only the boundary
// rules run (no type information needed for a file that is not on disk).
const ROOT = resolve(import.meta.dirname, '../../..');
const RULE = 'server-boundaries/no-cross-area-import';

const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, 'apps/server/src', path) });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('server boundaries (lint)', () => {
  it('refuses another area’s table in a repository, and db/tables.ts outside db/ and tests, saying where to go', async () => {
    expect(await problems('modules/notes/notes.repository.ts', "import { consultations } from '../../db/schema/consultations.ts';\nexport const t = consultations;\n")).toEqual([
      "Le domaine « notes » n'importe que ses tables (db/schema/notes.ts) : db/schema/consultations.ts appartient à un autre domaine. Passer par le service de ce domaine (ajouter une fonction exportée au besoin), ou joindre une vue de access/views.ts (patients, users, organisations, jobSpecialists).",
    ]);
    expect(await problems('modules/auth/auth.repository.ts', "import { users } from '../../db/tables.ts';\nexport const t = users;\n")).toEqual([
      'db/tables.ts rassemble les tables pour le client Drizzle, les migrations (db/) et les tests : importer les tables du domaine depuis db/schema/auth.ts, db/schema/security.ts, db/schema/oidc.ts, celles des autres domaines par leur service ou access/views.ts.',
    ]);
    expect(await problems('plugins/probe.ts', "import { users } from '../db/schema/users.ts';\nexport const t = users;\n")).toEqual([
      'plugins/ ne lit aucune table directement (db/schema/users.ts) : joindre les vues de access/views.ts, ou appeler le service du domaine.',
    ]);
  });

  it('lets a repository import its own tables, the access views and the column helpers; tests and db/ any table', async () => {
    const own = "import { notes } from '../../db/schema/notes.ts';\nimport { patients } from '../../access/views.ts';\nimport { archivable } from '../../db/schema/columns.ts';\nexport const t = [notes, patients, archivable];\n";
    expect(await problems('modules/notes/notes.repository.ts', own)).toEqual([]);
    expect(await problems('modules/sport-catalogs/sport-catalogs.repository.ts', "import { exercises } from '../../db/schema/sport.ts';\nexport const t = exercises;\n")).toEqual([]);
    expect(await problems('modules/notes/notes.test.ts', "import { patients } from '../../db/tables.ts';\nexport const t = patients;\n")).toEqual([]);
    expect(await problems('db/client.ts', "import * as tables from './tables.ts';\nexport const t = tables;\n")).toEqual([]);
    expect(await problems('plugins/probe.ts', "import { users } from '../access/views.ts';\nexport const t = users;\n")).toEqual([]);
  });

  it('refuses a module’s repository in plugins/ and access/', async () => {
    const message = "plugins/ et access/ n'importent pas le repository d'un module (modules/users/users.repository.ts) : appeler le service du domaine (access/ décide des règles, les requêtes restent dans leur domaine).";
    expect(await problems('plugins/probe.ts', "import { findManagedUser } from '../modules/users/users.repository.ts';\nexport const f = findManagedUser;\n")).toEqual([message]);
    expect(await problems('access/probe.ts', "import { findManagedUser } from '../modules/users/users.repository.ts';\nexport const f = findManagedUser;\n")).toEqual([message]);
    expect(await problems('plugins/probe.ts', "import { UsersService } from '../modules/users/users.service.ts';\nexport const f = UsersService;\n")).toEqual([]);
  });

  it('refuses another module’s routes, not the module’s own', async () => {
    expect(await problems('modules/users/users.actions.ts', "import { authRoutes } from '../auth/auth.routes.ts';\nexport const f = authRoutes;\n")).toEqual([
      "Un module n'importe pas les routes d'un autre module (modules/auth/auth.routes.ts) : déplacer la pièce commune dans le service du domaine, ou dans lib/ si elle touche HTTP.",
    ]);
    expect(await problems('modules/auth/auth.test.ts', "import { authRoutes } from './auth.routes.ts';\nexport const f = authRoutes;\n")).toEqual([]);
    expect(await problems('modules/users/users.routes.ts', "import { challengeAnswer } from '../auth/auth.service.ts';\nexport const f = challengeAnswer;\n")).toEqual([]);
  });

  it('refuses a fastify type in a service, a repository or access/, not in a route', async () => {
    const message = "Les services, les repositories et access/ ne connaissent pas HTTP (import de « fastify ») : la route lit la requête (callerOf, clientOf de lib/request.ts) et passe un Caller et des valeurs simples.";
    const code = "import type { FastifyRequest } from 'fastify';\nexport type R = FastifyRequest;\n";
    expect(await problems('modules/notes/notes.service.ts', code)).toEqual([message]);
    expect(await problems('modules/notes/notes.repository.ts', code)).toEqual([message]);
    expect(await problems('access/probe.ts', code)).toEqual([message]);
    expect(await problems('modules/notes/notes.routes.ts', code)).toEqual([]);
    expect(await problems('modules/notes/notes.service.ts', "import type { ClientInfo } from '../../lib/request.ts';\nexport type C = ClientInfo;\n")).toEqual([]);
  });
});
