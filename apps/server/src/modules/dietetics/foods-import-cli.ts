import path from 'node:path';
import { runCli } from '../../lib/cli.ts';
import { importCiqualFoods, ImportError, readCiqualFolder } from './foods.import.ts';

// `npm run foods:import -- <folder>`: loads the official Ciqual XML files into the server's
// database (DATABASE_URL, or the embedded one under DATA_DIR with the server stopped).

void runCli('foods:import', async ({ database, log }) => {
  const folder = process.argv[2];
  if (!folder) throw new ImportError('Usage : npm run foods:import -- <dossier des fichiers Ciqual>');
  // Every file is read and checked before the database is touched.
  const { foods, skipped } = readCiqualFolder(path.resolve(folder));
  const { inserted, updated } = await importCiqualFoods((await database()).db, foods);
  log(`${foods.length} aliments lus (${skipped} incomplets ignorés) : ${updated} mis à jour, ${inserted} ajoutés. Aucun aliment supprimé.`);
});
