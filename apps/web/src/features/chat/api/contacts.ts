import { useQuery } from '@tanstack/react-query';
import type { ChatContact } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** SPEC §7 GET /api/chat/contacts: the panel's contacts (status, mood, unread), last message first. */
export function useChatContacts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.chat.contacts,
    queryFn: ({ signal }) => api<ChatContact[]>('/chat/contacts', { signal }),
    enabled,
  });
}
