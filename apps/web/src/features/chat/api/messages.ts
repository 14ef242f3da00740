import type { ChatDialogEntry } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';

/** GET /api/chat/conversations/:id/messages?before= (older page, 50 at most). */
export function fetchOlderMessages(chatId: string, before: number) {
  return api<{ messages: ChatDialogEntry[]; olderCursor: number | null }>(`/chat/conversations/${encodeURIComponent(chatId)}/messages`, { query: { before } });
}
