import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/chat/conversations/:id/read: the conversation is read up to its last message. */
export async function markChatRead(chatId: string): Promise<void> {
  await api(`/chat/conversations/${encodeURIComponent(chatId)}/read`, { method: 'POST', body: {} });
  void queryClient.invalidateQueries({ queryKey: queryKeys.chat.unread });
  void queryClient.invalidateQueries({ queryKey: queryKeys.chat.contacts });
  void queryClient.invalidateQueries({ queryKey: queryKeys.chat.conversations });
}
