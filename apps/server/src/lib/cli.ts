import path from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { connect, migrateDatabase, type Db } from '../db/client.ts';
import { ensureDatabase } from '../db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded.ts';
import { lockDataDir } from '../db/lock.ts';

// The npm scripts that run one task beside the server (records:verify, foods:import, seed:load,
// storage:migrate) share this frame: the server's configuration, its database when the task asks
// for it, every line prefixed with the script's name, and an exit code a shell or a cron can test.

export interface CliRun {
  config: Config;
  /** Prints a line prefixed `[name]`. */
  log: (line: string) => void;
  /**
   * The server's database, migrated: DATABASE_URL, or the embedded one under DATA_DIR (locked, so
   * the server must be stopped). Opened at the first call only, so a task checks its input first;
   * closed when the task ends, whatever its outcome.
   */
  database: () => Promise<Db>;
}

export interface CliOptions {
  env?: NodeJS.ProcessEnv;
  /** Where the exit code goes (tests); `process.exit` by default. */
  exit?: (code: number) => void;
}

/** Runs `task` and exits with its code (0 when it answers none); an error prints its message and exits 1. */
export async function runCli(name: string, task: (run: CliRun) => Promise<number | void>, options: CliOptions = {}): Promise<void> {
  const log = (line: string) => console.log(`[${name}] ${line}`);
  const fail = (err: unknown) => console.error(`[${name}] ${err instanceof Error ? err.message : String(err)}`);
  let opened: { handle: Db; embedded?: EmbeddedPostgres; release: () => void } | undefined;
  let code: number;
  try {
    const config = loadConfig({ ...(options.env ?? process.env), LOG_LEVEL: 'silent' });
    const database = async () => {
      opened ??= await openDatabase(config);
      return opened.handle;
    };
    code = (await task({ config, log, database })) ?? 0;
  } catch (err) {
    fail(err);
    code = 1;
  } finally {
    try {
      await opened?.handle.close();
      await opened?.embedded?.stop();
    } catch (err) {
      fail(err);
      code = 1;
    } finally {
      opened?.release();
    }
  }
  (options.exit ?? process.exit)(code);
}

async function openDatabase(config: Config): Promise<{ handle: Db; embedded?: EmbeddedPostgres; release: () => void }> {
  let url = config.databaseUrl;
  let embedded: EmbeddedPostgres | undefined;
  const release = url ? () => {} : lockDataDir(config.dataDir);
  try {
    if (!url) {
      embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg') });
      await ensureDatabase(embedded.url('postgres'), 'wellbe');
      url = embedded.url('wellbe');
    }
    const handle = connect(url, 2);
    try {
      await migrateDatabase(handle);
    } catch (err) {
      await handle.close();
      throw err;
    }
    return { handle, embedded, release };
  } catch (err) {
    await embedded?.stop();
    release();
    throw err;
  }
}
