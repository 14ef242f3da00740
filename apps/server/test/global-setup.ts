import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect, migrateDatabase } from '../src/db/client.ts';
import { dropDatabase, ensureDatabase, withDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { TEMPLATE_DB } from './template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

// One PostgreSQL for the run: the embedded one in a temporary folder, or TEST_DATABASE_URL's server.
// A template database is migrated and seeded once; every test file clones it into its own database.
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-test-pg-'));
    fs.chmodSync(tmp, 0o755);
    embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg') });
    adminUrl = embedded.url('postgres');
  }
  await dropDatabase(adminUrl, TEMPLATE_DB);
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const handle = connect(withDatabase(adminUrl, TEMPLATE_DB), 2);
  await migrateDatabase(handle);
  await seedDemo(handle.db);
  await handle.close();
  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    if (process.env.TEST_DATABASE_URL) await dropDatabase(adminUrl, TEMPLATE_DB).catch(() => {});
    await embedded?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}
