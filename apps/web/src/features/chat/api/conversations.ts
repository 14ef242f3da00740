import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { conversationListAnswer, conversationSummarySchema } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/chat/conversations (/messaging's list). */
export function useConversations() {
  return useQuery({
    queryKey: queryKeys.chat.conversations,
    queryFn: ({ signal }) => api<Answer<typeof conversationListAnswer>>('/chat/conversations', { signal }),
  });
}

/** POST /api/chat/conversations: a group conversation (staff). */
export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; memberIds: string[] }) => api<Answer<typeof conversationSummarySchema>>('/chat/conversations', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.chat.conversations }),
  });
}
