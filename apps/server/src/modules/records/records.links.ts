import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@wellbe/shared/roles';

// Signed, expiring download links of the documents an export links instead of inlining (a FHIR
// attachment `url` must work without the WellBe session). The link names the document, the
// patient, who exported and until when, under an HMAC of a key derived from the server's secret;
// nothing is stored. Several servers sharing JWT_SECRET accept each other's links.

export interface DocumentLink {
  documentId: string;
  patientId: string;
  /** Who exported: the download is journalled in their name. */
  userId: string;
  role: Role;
  organizationId: string | null;
  /** Epoch ms after which the link answers 404. */
  expiresAt: number;
}

function linkKey(secret: Uint8Array): Buffer {
  return createHmac('sha256', Buffer.from(secret)).update('wellbe:records:document-link:v1').digest();
}

function mac(secret: Uint8Array, payload: string): string {
  return createHmac('sha256', linkKey(secret)).update(payload).digest('base64url');
}

export function signDocumentLink(secret: Uint8Array, link: DocumentLink): string {
  const payload = Buffer.from(JSON.stringify([link.documentId, link.patientId, link.userId, link.role, link.organizationId, link.expiresAt])).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The link's content when its signature holds and it has not expired; null otherwise. */
export function readDocumentLink(secret: Uint8Array, token: string, now: number): DocumentLink | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const payload = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(secret, payload), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [documentId, patientId, userId, role, organizationId, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [string, string, string, Role, string | null, number];
    if (typeof expiresAt !== 'number' || now > expiresAt) return null;
    return { documentId, patientId, userId, role, organizationId, expiresAt };
  } catch {
    return null;
  }
}
