import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { tooLargeMessage } from '@wellbe/shared/schemas/documents';
import { AppError } from '../errors.ts';

// File storage (DESIGN §8): objects named by a key (a document's sha256, an avatar's path), kept by
// a driver: the local disk under DATA_DIR/files, or S3-compatible object storage shared by several
// app servers. Uploads are first streamed to a scratch file on this server (hashed and counted
// while they stream, so a size limit stops them early), checked by their bytes, then committed to
// the store; nothing reaches the store or the database before every check passed.

/** What a driver does; every method takes a key checked by `assertKey`. */
export interface StorageDriver {
  readonly kind: 'local' | 's3';
  /** Copies a finished scratch file to `key`; answers false when the object was already there. */
  commit(key: string, file: string, size: number): Promise<boolean>;
  /** The object's bytes as a stream, or null when there is no such object. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** When the object was written (ms since the epoch), or null when there is none. */
  modifiedAt(key: string): Promise<number | null>;
  /** Every key under `prefix` ('' for all). */
  list(prefix: string): AsyncIterable<string>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

/** An upload received into scratch space, hashed and measured, not yet in the store. */
export interface StagedFile {
  tmpPath: string;
  sha256: string;
  size: number;
  /** The first bytes, for the type check by signature. */
  head: Buffer;
}

const KEY = /^(?:[0-9a-f]{64}|(?:avatars|contact-photos|signatures)\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png|logos\/[0-9a-f]{64}\.png)$/;

/** Keys are content hashes, avatar, signature or logo paths: never anything a caller could steer out of the store. */
export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`clé de stockage invalide : ${key}`);
  return key;
}

export class Storage {
  constructor(
    readonly driver: StorageDriver,
    /** Per-server scratch folder for uploads in progress (DATA_DIR/files/.tmp). */
    readonly scratchDir: string,
  ) {}

  /**
   * Streams an upload to a scratch file while hashing and counting it. Past `limitBytes` the stream
   * is stopped with a 413; on any error (limit, client gone) the scratch file is removed, so a
   * refused or interrupted upload leaves nothing behind.
   */
  async stage(stream: Readable, limitBytes: number): Promise<StagedFile> {
    await fs.mkdir(this.scratchDir, { recursive: true });
    const tmpPath = path.join(this.scratchDir, randomUUID());
    const hash = createHash('sha256');
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limitBytes) {
          done(new AppError(413, 'payload_too_large', tooLargeMessage(limitBytes)));
          return;
        }
        hash.update(chunk);
        if (headLength < 16) {
          headChunks.push(chunk.subarray(0, 16 - headLength));
          headLength += Math.min(chunk.length, 16 - headLength);
        }
        done(null, chunk);
      },
    });
    // The scratch file is opened before the stream starts: a write stream opening lazily could create
    // the file after an early error had already removed it, leaving a stray scratch file behind.
    const handle = await fs.open(tmpPath, 'wx', 0o600);
    try {
      await pipeline(stream, tap, handle.createWriteStream());
      return { tmpPath, sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks) };
    } catch (err) {
      await fs.rm(tmpPath, { force: true });
      throw err;
    }
  }

  /** Stores a staged file under `key` (its hash by default) and removes the scratch file. */
  async commit(file: StagedFile, key = file.sha256): Promise<boolean> {
    try {
      return await this.driver.commit(assertKey(key), file.tmpPath, file.size);
    } finally {
      await this.discard(file);
    }
  }

  /** Stage then commit: the whole upload, by content hash. */
  async put(stream: Readable, limitBytes: number, key?: string): Promise<{ sha256: string; size: number; created: boolean }> {
    const file = await this.stage(stream, limitBytes);
    const created = await this.commit(file, key ?? file.sha256);
    return { sha256: file.sha256, size: file.size, created };
  }

  async discard(file: StagedFile | null): Promise<void> {
    if (file) await fs.rm(file.tmpPath, { force: true });
  }

  async get(key: string): Promise<Readable | null> {
    return this.driver.get(assertKey(key));
  }

  async delete(key: string): Promise<void> {
    return this.driver.delete(assertKey(key));
  }

  async exists(key: string): Promise<boolean> {
    return this.driver.exists(assertKey(key));
  }

  async modifiedAt(key: string): Promise<number | null> {
    return this.driver.modifiedAt(assertKey(key));
  }

  list(prefix = ''): AsyncIterable<string> {
    return this.driver.list(prefix);
  }

  check(): Promise<void> {
    return this.driver.check();
  }
}
