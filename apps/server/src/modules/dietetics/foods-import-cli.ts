import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { connect, migrateDatabase } from '../../db/client.ts';
import { ensureDatabase } from '../../db/database.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../db/embedded.ts';
import { lockDataDir } from '../../db/lock.ts';
import { importCiqualFoods, ImportError, readCiqualFolder } from './foods.import.ts';

// `npm run foods:import -- <folder>`: loads the official Ciqual XML files into the server's
// database (DATABASE_URL, or the embedded one under DATA_DIR with the server stopped).

async function main() {
  const folder = process.argv[2];
  if (!folder) throw new ImportError('Usage : npm run foods:import -- <dossier des fichiers Ciqual>');
  // Every file is read and checked before the database is touched.
  const { foods, skipped } = readCiqualFolder(path.resolve(folder));
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
    const { inserted, updated } = await importCiqualFoods(handle.db, foods);
    console.log(`[foods:import] ${foods.length} aliments lus (${skipped} incomplets ignorés) : ${updated} mis à jour, ${inserted} ajoutés. Aucun aliment supprimé.`);
  } finally {
    await handle.close();
    await embedded?.stop();
    release();
  }
}

main().catch((err: unknown) => {
  console.error(`[foods:import] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
