import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { chatSchema, groupMemberRemovedAnswer } from '@wellbe/shared/schemas/chat';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

type GroupChange =
  | { kind: 'rename'; title: string }
  | { kind: 'add'; memberIds: string[] }
  | { kind: 'remove'; userId: string };

/**
 * Group management: PATCH /api/chat/conversations/{id} (rename), POST …/members (add),
 * DELETE …/members/{userId} (remove by the creator, or leave with one's own id).
 */
export function useGroupChange(chatId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: GroupChange): Promise<unknown> => {
      const base = `/chat/conversations/${chatId}`;
      if (change.kind === 'rename') return api<Answer<typeof chatSchema>>(base, { method: 'PATCH', body: { title: change.title } });
      if (change.kind === 'add') return api<Answer<typeof chatSchema>>(`${base}/members`, { method: 'POST', body: { memberIds: change.memberIds } });
      return api<Answer<typeof groupMemberRemovedAnswer>>(`${base}/members/${change.userId}`, { method: 'DELETE' });
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.chat.chats });
      void client.invalidateQueries({ queryKey: queryKeys.chat.conversations });
    },
  });
}
