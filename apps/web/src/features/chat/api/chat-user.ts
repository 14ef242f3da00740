import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatStatus, chatUserSchema } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** SPEC §7 GET /api/chat/user: my status, mood and chat list. */
export function useChatUser(enabled = true) {
  return useQuery({
    queryKey: queryKeys.chat.user,
    queryFn: ({ signal }) => api<Answer<typeof chatUserSchema>>('/chat/user', { signal }),
    enabled,
  });
}

/** SPEC §7 POST /api/chat/user/data (status, mood). */
export function useUpdateChatUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status?: ChatStatus; mood?: string }) => api<Answer<typeof chatUserSchema>>('/chat/user/data', { method: 'POST', body }),
    onSuccess: (user) => client.setQueryData(queryKeys.chat.user, user),
  });
}
