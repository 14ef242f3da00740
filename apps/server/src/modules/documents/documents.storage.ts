import fs from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { extensionOf } from '@wellbe/shared/schemas/documents';
import type { StagedFile } from '../../lib/storage/index.ts';

// The document type checks on a staged upload (lib/storage): the bytes decide, never the name.

export type ReceivedFile = StagedFile;

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
