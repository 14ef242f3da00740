import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { connect, migrateDatabase } from '../../db/client.ts';
import { ensureDatabase } from '../../db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded.ts';
import { lockDataDir } from '../../db/lock.ts';
import { systemClock } from '../../lib/clock.ts';
import { verificationReport, verifyRecords } from './history.service.ts';

// `npm run records:verify` (issue 32): walks every version chain of the server's database
// (DATABASE_URL, or the embedded one under DATA_DIR with the server stopped), prints each version
// whose content or order no longer matches, records the result for /admin, and exits 1 if any.

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  let embedded: EmbeddedPostgres | undefined;
  let release = () => {};
  let url = config.databaseUrl;
  if (!url) {
    release = lockDataDir(config.dataDir);
    embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg') });
    await ensureDatabase(embedded.url('postgres'), 'wellbe');
    url = embedded.url('wellbe');
  }
  const handle = connect(url, 2);
  try {
    await migrateDatabase(handle);
    const result = await verifyRecords({ db: handle.db, clock: systemClock });
    for (const line of verificationReport(result)) console.log(`[records:verify] ${line}`);
    process.exitCode = result.ok ? 0 : 1;
  } finally {
    await handle.close();
    await embedded?.stop();
    release();
  }
}

main().catch((err: unknown) => {
  console.error(`[records:verify] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
