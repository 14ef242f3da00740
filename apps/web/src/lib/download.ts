import { apiBlob, type Query } from './api.ts';

// Files the API answers (documents, CSV exports) are fetched through the API client, so they carry
// the session's token, the 25 s timeout and the 401 rule like every other call; never a bare link.

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads `GET /api{path}` and saves it under the server's file name, else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string, query?: Query): Promise<void> {
  const { blob, fileName } = await apiBlob(path, { query });
  saveBlob(blob, fileName ?? fallbackName);
}
