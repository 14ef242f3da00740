import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { sendMessageAnswer } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

export interface SendInput {
  /** Generated once by the client: a retry after a network failure resends the same id. */
  id: string;
  chatId: string;
  contactId?: string | null;
  messageText: string;
}

/** SPEC §7 POST /api/chat/send-message (chatId, messageText, contactId → message, userChatList). */
export function useSendMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendInput) => api<Answer<typeof sendMessageAnswer>>('/chat/send-message', { method: 'POST', body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.chat.contacts });
      void client.invalidateQueries({ queryKey: queryKeys.chat.conversations });
    },
    // The bubble shows the failure with its retry; no global toast.
    meta: { silent: true },
  });
}
