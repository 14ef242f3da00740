import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { unzipSync } from 'fflate';
import { MAX_UPLOAD_BYTES } from '@wellbe/shared/constants';
import { extensionOf, tooLargeMessage } from '@wellbe/shared/schemas/documents';
import { AppError } from '../../lib/errors.ts';

// Files live outside the database, under DATA_DIR/files, named by their sha256 (DESIGN §4).

export interface ReceivedFile {
  tmpPath: string;
  sha256: string;
  size: number;
  /** The first bytes, for the type check by signature. */
  head: Buffer;
}

export function filesDir(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/**
 * Streams an upload to a temporary file while hashing it. The SPEC §9 maximum is enforced by the
 * multipart parser during the stream (it errors the stream past 50,000,000 bytes), a lower limit of
 * the organisation by the byte count here; on any error the partial file is removed, so an
 * interrupted or refused upload leaves nothing behind.
 */
export async function receiveFile(dataDir: string, stream: Readable, limitBytes = MAX_UPLOAD_BYTES): Promise<ReceivedFile> {
  const tmpDir = path.join(filesDir(dataDir), '.tmp');
  await fs.mkdir(tmpDir, { recursive: true });
  const tmpPath = path.join(tmpDir, randomUUID());
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
  try {
    await pipeline(stream, tap, createWriteStream(tmpPath, { flags: 'wx', mode: 0o600 }));
    return { tmpPath, sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks) };
  } catch (err) {
    await fs.rm(tmpPath, { force: true });
    throw err;
  }
}

export const DOCUMENT_TYPES = {
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', extensions: ['.png'] },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'] },
  doc: { mime: 'application/msword', extensions: ['.doc'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['.docx'] },
} as const;
export type DocumentType = keyof typeof DOCUMENT_TYPES;

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** The type of a file read from its bytes, or null when it is none of the accepted ones. */
export async function detectType(file: ReceivedFile): Promise<DocumentType | null> {
  const { head } = file;
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && (await isWordZip(file.tmpPath))) return 'docx';
  return null;
}

/** A .docx is a zip holding [Content_Types].xml and the word/ part; entries are listed, not inflated. */
async function isWordZip(filePath: string): Promise<boolean> {
  const names: string[] = [];
  try {
    unzipSync(await fs.readFile(filePath), {
      filter: (entry) => {
        names.push(entry.name);
        return false;
      },
    });
  } catch {
    return false;
  }
  return names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'));
}

/** Whether the bytes agree with the name's extension. */
export function matchesExtension(type: DocumentType, fileName: string): boolean {
  return (DOCUMENT_TYPES[type].extensions as readonly string[]).includes(extensionOf(fileName));
}

/** Moves the temporary file to its content-addressed name. Answers whether a new file was created. */
export async function storeFile(dataDir: string, file: ReceivedFile): Promise<boolean> {
  const target = storedPath(dataDir, file.sha256);
  try {
    await fs.access(target);
    await fs.rm(file.tmpPath, { force: true });
    return false;
  } catch {
    await fs.rename(file.tmpPath, target);
    return true;
  }
}

export function storedPath(dataDir: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error('bad sha256');
  return path.join(filesDir(dataDir), sha256);
}

export async function discard(file: ReceivedFile | null): Promise<void> {
  if (file) await fs.rm(file.tmpPath, { force: true });
}
