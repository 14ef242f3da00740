import yauzl from 'yauzl';
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

/**
 * A .docx is a zip holding [Content_Types].xml and the word/ part. Only the zip's central
 * directory is read (random access from the end of the file, yauzl): the memory used does not
 * grow with the file, and nothing is inflated.
 */
function isWordZip(filePath: string): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(filePath, { lazyEntries: true, autoClose: true, validateEntrySizes: false }, (openError, zip) => {
      if (openError || !zip) return resolve(false);
      let contentTypes = false;
      let word = false;
      let settled = false;
      const done = (value: boolean) => {
        if (settled) return;
        settled = true;
        zip.close();
        resolve(value);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName === '[Content_Types].xml') contentTypes = true;
        else if (entry.fileName.startsWith('word/')) word = true;
        if (contentTypes && word) done(true);
        else zip.readEntry();
      });
      zip.on('end', () => done(contentTypes && word));
      zip.on('error', () => done(false));
      zip.readEntry();
    });
  });
}

/** Whether the bytes agree with the name's extension. */
export function matchesExtension(type: DocumentType, fileName: string): boolean {
  return (DOCUMENT_TYPES[type].extensions as readonly string[]).includes(extensionOf(fileName));
}
