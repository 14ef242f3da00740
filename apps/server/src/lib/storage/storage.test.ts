import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@wellbe/shared/constants';
import { DOCUMENT_MESSAGES } from '@wellbe/shared/schemas/documents';
import { startS3, S3_CREDENTIALS, type TestS3 } from '../../../test/s3.ts';
import { createStorage, localDriver, type Storage } from './index.ts';
import { migrateStorage } from './migrate.ts';

// One suite, both drivers: the local disk and S3 (a real s3rver in a temporary folder).

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** `total` bytes in 1 MiB chunks, generated as they are read (never all in memory). */
function bytes(total: number, fill = 7): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(1024 * 1024, total - sent);
      sent += n;
      this.push(Buffer.alloc(n, fill));
    },
  });
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function keys(storage: Storage): Promise<string[]> {
  const out: string[] = [];
  for await (const k of storage.list()) out.push(k);
  return out.sort();
}

let s3: TestS3;
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-test-storage-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  Object.assign(process.env, S3_CREDENTIALS);
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

describe.each([
  { name: 'local disk', make: (dataDir: string) => createStorage(dataDir) },
  { name: 'S3', make: (dataDir: string) => createStorage(dataDir, s3.url.replace('s3://wellbe', `s3://wellbe/${path.basename(dataDir)}`)) },
])('storage on $name', ({ make }) => {
  let storage: Storage;
  let scratch: string;
  beforeAll(() => {
    const dataDir = tempDir();
    storage = make(dataDir);
    scratch = path.join(dataDir, 'files', '.tmp');
  });
  const scratchLeft = () => (fs.existsSync(scratch) ? fs.readdirSync(scratch) : []);

  it('is reachable', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('stores an upload by its content hash and streams it back', async () => {
    const content = randomBytes(300_000);
    const put = await storage.put(Readable.from([content]), MAX_UPLOAD_BYTES);
    expect(put).toEqual({ sha256: sha256(content), size: content.length, created: true });
    expect(await storage.exists(put.sha256)).toBe(true);
    expect(await storage.modifiedAt(put.sha256)).toBeGreaterThan(Date.now() - 60_000);
    const stream = await storage.get(put.sha256);
    expect(stream).toBeInstanceOf(Readable);
    expect(sha256(await readAll(stream!))).toBe(put.sha256);
    // The same content again is not a second object.
    expect((await storage.put(Readable.from([content]), MAX_UPLOAD_BYTES)).created).toBe(false);
    expect(scratchLeft()).toEqual([]);
  });

  it('stores a multi-part upload (above the S3 part size) streamed, not buffered', async () => {
    const size = 20 * 1024 * 1024 + 5;
    const put = await storage.put(bytes(size, 3), MAX_UPLOAD_BYTES);
    expect(put.size).toBe(size);
    const back = await readAll((await storage.get(put.sha256))!);
    expect(back.length).toBe(size);
    expect(sha256(back)).toBe(put.sha256);
    await storage.delete(put.sha256);
  });

  it('deletes an object; a missing one reads as null', async () => {
    const put = await storage.put(Readable.from([Buffer.from('à supprimer')]), MAX_UPLOAD_BYTES);
    await storage.delete(put.sha256);
    expect(await storage.exists(put.sha256)).toBe(false);
    expect(await storage.get(put.sha256)).toBeNull();
    expect(await storage.modifiedAt(put.sha256)).toBeNull();
  });

  it('refuses 50,000,001 bytes with a 413 and leaves nothing behind', async () => {
    const before = await keys(storage);
    await expect(storage.put(bytes(MAX_UPLOAD_BYTES + 1), MAX_UPLOAD_BYTES)).rejects.toMatchObject({ statusCode: 413, message: DOCUMENT_MESSAGES.tooLarge });
    expect(await keys(storage)).toEqual(before);
    expect(scratchLeft()).toEqual([]);
  });

  it('an interrupted upload leaves no object and no scratch file', async () => {
    const before = await keys(storage);
    let sent = 0;
    const broken = new Readable({
      read() {
        if (sent >= 3) return this.destroy(new Error('connexion coupée'));
        sent++;
        this.push(Buffer.alloc(1024 * 1024, sent));
      },
    });
    await expect(storage.put(broken, MAX_UPLOAD_BYTES)).rejects.toThrow('connexion coupée');
    expect(await keys(storage)).toEqual(before);
    expect(scratchLeft()).toEqual([]);
  });

  it('refuses keys that could leave the store', async () => {
    await expect(storage.get('../jwt-secret')).rejects.toThrow();
    await expect(storage.delete('avatars/../../x')).rejects.toThrow();
  });
});

describe('storage:migrate', () => {
  it('copies every local file to S3 and verifies each one by its hash', async () => {
    const dataDir = tempDir();
    const local = createStorage(dataDir);
    const doc = await local.put(Readable.from([randomBytes(1000)]), MAX_UPLOAD_BYTES);
    const avatarKey = `avatars/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}/${'a'.repeat(32)}.png`;
    await local.put(Readable.from([Buffer.from('png')]), MAX_UPLOAD_BYTES, avatarKey);
    // A local file whose bytes no longer match its name is reported, not copied.
    const rotten = sha256(Buffer.from('autre chose'));
    fs.writeFileSync(path.join(dataDir, 'files', rotten), 'abîmé');

    const target = createStorage(dataDir, s3.url.replace('s3://wellbe', 's3://wellbe/migration'));
    const first = await migrateStorage(localDriver(dataDir), target.driver);
    expect(first.copied).toBe(2);
    expect(first.failed).toEqual([{ key: rotten, reason: 'le fichier local ne correspond plus à son empreinte' }]);
    expect(await keys(target)).toEqual([doc.sha256, avatarKey].sort());
    expect(sha256(await readAll((await target.get(doc.sha256))!))).toBe(doc.sha256);

    // Running it again copies nothing and verifies what is there.
    fs.rmSync(path.join(dataDir, 'files', rotten));
    const second = await migrateStorage(localDriver(dataDir), target.driver);
    expect(second).toEqual({ copied: 0, alreadyThere: 2, failed: [] });
  });
});
