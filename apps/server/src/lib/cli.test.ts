import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { dropDatabase, ensureDatabase, withDatabase } from '../db/database.ts';
import type { Db } from '../db/client.ts';
import { TEMPLATE_DB } from '../../test/template.ts';
import { runCli } from './cli.ts';

// The frame of the npm scripts run beside the server: the task's exit code, its lines prefixed,
// an error told in one line with exit code 1, and the database closed whatever happened.

const adminUrl = inject('pgAdminUrl');
const name = `wellbe_cli_${process.pid}_${randomBytes(4).toString('hex')}`;
const env = { DATABASE_URL: withDatabase(adminUrl, name), DATA_DIR: '/nonexistent/wellbe-cli' };
let printed: string[];

beforeAll(async () => {
  await ensureDatabase(adminUrl, name, TEMPLATE_DB);
});
afterAll(async () => {
  await dropDatabase(adminUrl, name);
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function run(task: Parameters<typeof runCli>[1], more: Record<string, string> = {}): Promise<number> {
  printed = [];
  for (const stream of ['log', 'error'] as const) vi.spyOn(console, stream).mockImplementation((line: string) => void printed.push(`${stream}: ${line}`));
  let code = -1;
  await runCli('essai', task, { env: { ...env, ...more }, exit: (c) => void (code = c) });
  return code;
}

describe('runCli', () => {
  it('answers the task’s exit code, 0 when it gives none, with its lines prefixed', async () => {
    expect(await run(async ({ log }) => log('trois fichiers'))).toBe(0);
    expect(printed).toEqual(['log: [essai] trois fichiers']);
    expect(await run(async () => 2)).toBe(2);
  });

  it('opens the server’s database, migrated, only when asked, and closes it after the task', async () => {
    let handle: Db | undefined;
    const code = await run(async ({ database }) => {
      handle = await database();
      expect(await database()).toBe(handle);
      const { rows } = await handle.pool.query('select count(*)::int as n from users');
      return rows[0].n > 0 ? 0 : 3;
    });
    expect(code).toBe(0);
    expect(handle!.pool.ended).toBe(true);
  });

  it('tells an error in one line, exits 1 and still closes the database', async () => {
    let handle: Db | undefined;
    const code = await run(async ({ database }) => {
      handle = await database();
      throw new Error('Dossier introuvable : /tmp/ciqual');
    });
    expect(code).toBe(1);
    expect(printed).toEqual(['error: [essai] Dossier introuvable : /tmp/ciqual']);
    expect(handle!.pool.ended).toBe(true);
    // A configuration the server would refuse is told the same way.
    expect(await run(async () => 0, { LOG_SLOW_MS: 'beaucoup' })).toBe(1);
    expect(printed).toEqual([expect.stringMatching(/^error: \[essai\] .*LOG_SLOW_MS/)]);
  });
});
