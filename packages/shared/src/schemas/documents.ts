import { z } from 'zod';
import { MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, UPLOAD_EXTENSIONS } from '../constants.ts';

// SPEC §5 uploads: accepted extensions, checked again by their bytes on the server.
export const DOCUMENT_MESSAGES = {
  missingFile: 'Aucun fichier reçu.',
  oneFile: 'Un seul fichier par requête.',
  badExtension: 'Type de fichier non accepté : seuls .jpg, .png, .jpeg, .pdf, .doc et .docx sont acceptés.',
  badContent: 'Le contenu du fichier ne correspond pas à son extension.',
  tooLarge: 'Le fichier dépasse la taille maximale autorisée (50 Mo).',
  tooLargeFor: (limitBytes: number) => `Le fichier dépasse la taille maximale autorisée par votre organisation (${limitBytes.toLocaleString('fr-FR')} octets).`,
  mismatch: 'Cette consultation n’appartient pas à ce patient.',
  missingField: 'Champs manquants : Iduser, idConsultation, idPatient et document sont obligatoires.',
  notFound: 'Document introuvable.',
} as const;

export { UPLOAD_ACCEPT };

export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot).toLowerCase();
}

export function isAcceptedExtension(fileName: string): boolean {
  return (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/** SPEC §5: the size shown next to a chosen file, size/1000 rounded. */
export function sizeInKb(bytes: number): number {
  return Math.round(bytes / 1000);
}

/**
 * Checked in the browser before sending; the server enforces it again while streaming. The limit is
 * the organisation's setting ('Paramètres'), never above SPEC §9's 50,000,000 bytes.
 */
export function isTooLarge(bytes: number, limitBytes: number = MAX_UPLOAD_BYTES): boolean {
  return bytes > Math.min(limitBytes, MAX_UPLOAD_BYTES);
}

/** The 413 message for a limit other than the default one. */
export function tooLargeMessage(limitBytes: number): string {
  if (limitBytes >= MAX_UPLOAD_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return DOCUMENT_MESSAGES.tooLargeFor(limitBytes);
}

/** SPEC §7 POST /api/document action create: the stored document's id beside `success`. */
export const documentCreatedAnswer = z.object({ success: z.boolean(), idDocument: z.string() });
