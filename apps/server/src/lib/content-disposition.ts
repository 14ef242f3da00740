/** RFC 6266 header: an ASCII fallback and the exact UTF-8 name (documents, chat attachments). */
export function contentDisposition(kind: string, fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '_') || 'document';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
