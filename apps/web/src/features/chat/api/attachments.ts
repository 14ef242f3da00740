import type { sentMessageAnswer } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** POST /api/chat/conversations/{id}/attachments (multipart): a message with a file, idempotent on `id`. */
export function sendAttachment(chatId: string, input: { id: string; file: File; messageText?: string }) {
  const form = new FormData();
  form.append('id', input.id);
  if (input.messageText) form.append('messageText', input.messageText);
  form.append('file', input.file);
  return api<Answer<typeof sentMessageAnswer>>(`/chat/conversations/${chatId}/attachments`, { method: 'POST', body: form });
}

/** GET /api/chat/attachments/{id}: through the API client (the session's token), members only. */
export function downloadAttachment(id: string, fileName: string) {
  return downloadFile(`/chat/attachments/${id}`, fileName);
}
