import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { chatSchema, conversationListAnswer, sentMessageAnswer } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/chat/support: my conversation with WellBe support (PA, SA). */
export function useMySupport(enabled = true) {
  return useQuery({ queryKey: queryKeys.chat.support, queryFn: ({ signal }) => api<Answer<typeof chatSchema>>('/chat/support', { signal }), enabled });
}

/** POST /api/chat/support/messages, or the desk's answer POST /api/chat/support-desk/:id/messages. */
export function useSendSupport(deskId?: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; messageText: string }) =>
      api<Answer<typeof sentMessageAnswer>>(deskId ? `/chat/support-desk/${encodeURIComponent(deskId)}/messages` : '/chat/support/messages', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: deskId ? queryKeys.chat.supportDesk : queryKeys.chat.support }),
    meta: { silent: true },
  });
}

/** GET /api/chat/support-desk (DE): every organisation's support conversations. */
export function useSupportDesk() {
  return useQuery({ queryKey: queryKeys.chat.supportDesk, queryFn: ({ signal }) => api<Answer<typeof conversationListAnswer>>('/chat/support-desk', { signal }) });
}

/** GET /api/chat/support-desk/:id (DE). */
export function useSupportChat(id: string | null) {
  return useQuery({
    queryKey: queryKeys.chat.supportChat(id ?? ''),
    queryFn: ({ signal }) => api<Answer<typeof chatSchema>>(`/chat/support-desk/${encodeURIComponent(id!)}`, { signal }),
    enabled: !!id,
    retry: false,
  });
}

/** PATCH /api/chat/support-desk/:id: open, close, assign (DE). */
export function usePatchSupport(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { status?: 'open' | 'closed'; assignedTo?: string | null }) => api<Answer<typeof chatSchema>>(`/chat/support-desk/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.chat.supportDesk }),
  });
}
