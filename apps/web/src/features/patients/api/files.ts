import { apiBlob } from '../../../lib/api.ts';

export { saveBlob } from '../../../lib/download.ts';

/** GET a binary under /api through the API client (token, timeout, 401 rule). */
export async function fetchBlob(path: string, query: Record<string, string> = {}): Promise<Blob> {
  return (await apiBlob(path, { query })).blob;
}

export const documentPath = (idDocument: string) => `/documents/${encodeURIComponent(idDocument)}/download`;
