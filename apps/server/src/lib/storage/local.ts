import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageDriver } from './storage.ts';

/** fsync of a file or a folder: the rename that publishes a file survives a power cut only then. */
async function fsyncPath(target: string): Promise<void> {
  const handle = await fs.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * The local disk under DATA_DIR/files (the default, as before): documents keep their sha256 name
 * there, so existing installs need no move. Before an upload is acknowledged the file's bytes and
 * the folder entry that names it are flushed (fsync of the file, rename, fsync of the folder).
 */
export class LocalDriver implements StorageDriver {
  readonly kind = 'local' as const;

  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, key);
  }

  async commit(key: string, file: string): Promise<boolean> {
    const target = this.file(key);
    if (await this.exists(key)) return false;
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fsyncPath(file);
    // A link, not a rename: two uploads of the same content racing cannot overwrite each other, and
    // the loser sees EEXIST (the content is the same, so that is fine).
    try {
      await fs.link(file, target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
    await fsyncPath(path.dirname(target));
    return true;
  }

  async get(key: string): Promise<Readable | null> {
    const stream = createReadStream(this.file(key));
    return new Promise((resolve, reject) => {
      stream.once('open', () => resolve(stream));
      stream.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? resolve(null) : reject(err)));
    });
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fs.access(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  async modifiedAt(key: string): Promise<number | null> {
    return fs.stat(this.file(key)).then(
      (st) => st.mtimeMs,
      () => null,
    );
  }

  async *list(prefix: string): AsyncIterable<string> {
    const walk = async function* (dir: string, rel: string): AsyncIterable<string> {
      const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (entry.name.startsWith('.')) continue; // .tmp: uploads in progress
        const key = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
        else if (entry.isFile()) yield key;
      }
    };
    for await (const key of walk(this.root, '')) if (key.startsWith(prefix)) yield key;
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }
}
