import { loadConfig } from '../../config.ts';
import { createStorage, localDriver } from './index.ts';
import { migrateStorage } from './migrate.ts';

// npm run storage:migrate — copies DATA_DIR/files to the store of STORAGE_URL (see migrate.ts).
async function main() {
  const config = loadConfig();
  if (!config.storageUrl?.startsWith('s3:')) throw new Error('STORAGE_URL doit désigner le stockage S3 de destination (s3://bucket?endpoint=…&region=…)');
  const target = createStorage(config.dataDir, config.storageUrl);
  await target.check();
  const report = await migrateStorage(localDriver(config.dataDir), target.driver, (line) => console.log(line));
  console.log(`Fichiers copiés : ${report.copied}, déjà présents et vérifiés : ${report.alreadyThere}, en échec : ${report.failed.length}`);
  for (const f of report.failed) console.error(`Échec ${f.key} : ${f.reason}`);
  process.exit(report.failed.length ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(`Migration du stockage impossible : ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
