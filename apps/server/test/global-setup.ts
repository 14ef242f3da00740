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

const TMP_PREFIX = 'wellbe-test-pg-';

function postmasterPid(dir: string): number | null {
  try {
    // initdb's bootstrap backend writes a negative pid: a process group, never to be signalled.
    const pid = Number(fs.readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Runs killed outright (kill -9) leave their PostgreSQL and folder: stop and remove them. */
async function sweepAbandonedRuns() {
  for (const name of fs.readdirSync(os.tmpdir()).filter((n) => n.startsWith(TMP_PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    const ownerFile = path.join(dir, 'owner.pid');
    // Without an owner file the folder is not ours to judge (a run still starting, an older layout).
    if (!fs.existsSync(ownerFile)) continue;
    const owner = Number(fs.readFileSync(ownerFile, 'utf8'));
    if (owner > 0 && signal(owner, 0)) continue; // its run is still going
    const pid = postmasterPid(dir);
    let cmdline = '';
    try {
      cmdline = pid ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ') : '';
    } catch {
      /* that PostgreSQL is gone already */
    }
    if (pid && cmdline.includes(dir)) {
      signal(pid, 'SIGINT');
      for (let i = 0; i < 100 && signal(pid, 0); i++) await new Promise((r) => setTimeout(r, 100));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// One PostgreSQL for the run: the embedded one in a temporary folder, or TEST_DATABASE_URL's server.
// A template database is migrated and seeded once; every test file clones it into its own database.
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tmp: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    await sweepAbandonedRuns();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), TMP_PREFIX));
    fs.chmodSync(tmp, 0o755);
    fs.writeFileSync(path.join(tmp, 'owner.pid'), String(process.pid));
    // Rebuilt for every run: no fsync (EmbeddedOptions.throwaway).
    embedded = await startEmbeddedPostgres({ dir: path.join(tmp, 'pg'), throwaway: true });
    adminUrl = embedded.url('postgres');
    // An interrupted run (Ctrl-C) may skip the teardown: PostgreSQL, in its own session, would
    // outlive it. Signalling it on exit is synchronous and harmless after a clean stop.
    const pgPid = postmasterPid(tmp);
    process.once('exit', () => {
      if (pgPid) signal(pgPid, 'SIGINT');
    });
  }
  await dropDatabase(adminUrl, TEMPLATE_DB);
  await ensureDatabase(adminUrl, TEMPLATE_DB);
  const handle = connect(withDatabase(adminUrl, TEMPLATE_DB), 2);
  await migrateDatabase(handle);
  // SEED_NOW (an ISO instant): the demo as seeded then, to check a run that crosses midnight or a
  // week's end (e.g. seeded on Sunday 23:00 Paris, the tests running on Monday).
  await seedDemo(handle.db, process.env.SEED_NOW ? new Date(process.env.SEED_NOW) : undefined);
  await handle.close();
  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    if (process.env.TEST_DATABASE_URL) await dropDatabase(adminUrl, TEMPLATE_DB).catch(() => {});
    await embedded?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}
