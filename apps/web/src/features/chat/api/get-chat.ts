import { useQuery } from '@tanstack/react-query';
import type { getChatAnswer } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

export interface ChatTarget {
  contactId?: string;
  chatId?: string;
}

/** SPEC §7 GET /api/chat/get-chat: loads or creates the conversation with a contact (or by its id). */
export function useChat(target: ChatTarget | null) {
  return useQuery({
    queryKey: queryKeys.chat.chat({ ...target }),
    queryFn: ({ signal }) => api<Answer<typeof getChatAnswer>>('/chat/get-chat', { signal, query: { ...target } }).then((r) => r.chat),
    enabled: !!target && !!(target.contactId || target.chatId),
    retry: false,
  });
}
