import type { historyAnswer } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/chat/conversations/:id/messages?before= (older page, 50 at most). */
export function fetchOlderMessages(chatId: string, before: number) {
  return api<Answer<typeof historyAnswer>>(`/chat/conversations/${encodeURIComponent(chatId)}/messages`, { query: { before } });
}
