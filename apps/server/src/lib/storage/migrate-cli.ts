import { runCli } from '../cli.ts';
import { createStorage, localDriver } from './index.ts';
import { migrateStorage } from './migrate.ts';

// npm run storage:migrate — copies DATA_DIR/files to the store of STORAGE_URL (see migrate.ts).
void runCli('storage:migrate', async ({ config, log }) => {
  if (!config.storageUrl?.startsWith('s3:')) throw new Error('STORAGE_URL doit désigner le stockage S3 de destination (s3://bucket?endpoint=…&region=…)');
  const target = createStorage(config.dataDir, config.storageUrl);
  await target.check();
  const report = await migrateStorage(localDriver(config.dataDir), target.driver, log);
  log(`Fichiers copiés : ${report.copied}, déjà présents et vérifiés : ${report.alreadyThere}, en échec : ${report.failed.length}`);
  for (const f of report.failed) console.error(`[storage:migrate] Échec ${f.key} : ${f.reason}`);
  return report.failed.length ? 1 : 0;
});
