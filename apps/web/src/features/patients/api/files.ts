import { API_BASE, ApiError } from '../../../lib/api.ts';
import { readToken } from '../../../lib/token.ts';

// Binary answers (documents, CSV) need the bearer token too: fetched as blobs, never by a bare link.

/** GET a binary under /api with the session's token. */
export async function fetchBlob(path: string, query: Record<string, string> = {}): Promise<Blob> {
  const token = readToken();
  const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== '')).toString();
  const response = await fetch(`${API_BASE}${path}${qs ? `?${qs}` : ''}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    let message = '';
    try {
      message = ((await response.json()) as { error?: { message?: string } }).error?.message ?? '';
    } catch {
      /* not JSON */
    }
    throw new ApiError(response.status, `http_${response.status}`, message);
  }
  return response.blob();
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const documentPath = (idDocument: string) => `/documents/${encodeURIComponent(idDocument)}/download`;
