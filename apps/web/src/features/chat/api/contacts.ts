import { useQuery } from '@tanstack/react-query';
import type { chatContactsAnswer } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** SPEC §7 GET /api/chat/contacts: the panel's contacts (status, mood, unread), last message first. */
export function useChatContacts(enabled = true) {
  return useQuery({
    queryKey: queryKeys.chat.contacts,
    queryFn: ({ signal }) => api<Answer<typeof chatContactsAnswer>>('/chat/contacts', { signal }),
    enabled,
  });
}
