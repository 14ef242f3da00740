import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { LocalDriver } from './local.ts';
import type { StorageDriver } from './storage.ts';

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export interface MigrateReport {
  copied: number;
  alreadyThere: number;
  /** Keys that could not be copied, with the reason (a local file whose bytes no longer match its name…). */
  failed: { key: string; reason: string }[];
}

/**
 * `npm run storage:migrate`: copies every local file to the target store and checks each copy by
 * reading it back and comparing its sha256 with the local file's (and, for documents, with the
 * hash the file is named by). Files already in the store are verified the same way, so running it
 * twice is safe and proves the store holds everything.
 */
export async function migrateStorage(source: LocalDriver, target: StorageDriver, log: (line: string) => void = () => {}): Promise<MigrateReport> {
  const report: MigrateReport = { copied: 0, alreadyThere: 0, failed: [] };
  for await (const key of source.list('')) {
    const file = path.join(source.root, key);
    const local = await sha256Of((await source.get(key))!);
    if (/^[0-9a-f]{64}$/.test(key) && local !== key) {
      report.failed.push({ key, reason: 'le fichier local ne correspond plus à son empreinte' });
      continue;
    }
    const present = await target.exists(key);
    if (!present) await target.commit(key, file, (await fs.stat(file)).size);
    const stream = await target.get(key);
    const remote = stream ? await sha256Of(stream) : null;
    if (remote !== local) {
      if (!present) await target.delete(key);
      report.failed.push({ key, reason: 'la copie relue ne correspond pas' });
      continue;
    }
    if (present) report.alreadyThere++;
    else report.copied++;
    log(`${present ? 'déjà présent' : 'copié'} : ${key}`);
  }
  return report;
}
