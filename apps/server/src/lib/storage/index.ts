import fs from 'node:fs';
import path from 'node:path';
import { LocalDriver } from './local.ts';
import { parseS3Url, S3Driver } from './s3.ts';
import { Storage } from './storage.ts';

export { Storage, assertKey, type StagedFile, type StorageDriver } from './storage.ts';
export { LocalDriver } from './local.ts';
export { S3Driver, parseS3Url } from './s3.ts';

export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/** The local driver on DATA_DIR/files. */
export function localDriver(dataDir: string): LocalDriver {
  return new LocalDriver(filesDir(dataDir));
}

/**
 * The store chosen by STORAGE_URL: unset or `file:` for the local disk, `s3://…` for object
 * storage. Scratch space for uploads in progress is always this server's DATA_DIR/files/.tmp.
 */
export function createStorage(dataDir: string, storageUrl?: string): Storage {
  const scratch = path.join(filesDir(dataDir), '.tmp');
  if (storageUrl?.startsWith('s3:')) return new Storage(new S3Driver(parseS3Url(storageUrl)), scratch);
  if (storageUrl && !storageUrl.startsWith('file:')) throw new Error('STORAGE_URL doit commencer par s3:// (ou être absent pour le disque local)');
  moveLegacyAvatars(dataDir);
  return new Storage(localDriver(dataDir), scratch);
}

/** Avatars used to live in DATA_DIR/avatars; the store keeps them under files/avatars now. */
function moveLegacyAvatars(dataDir: string): void {
  const legacy = path.join(dataDir, 'avatars');
  const target = path.join(filesDir(dataDir), 'avatars');
  if (fs.existsSync(legacy) && !fs.existsSync(target)) {
    fs.mkdirSync(filesDir(dataDir), { recursive: true });
    fs.renameSync(legacy, target);
  }
}
