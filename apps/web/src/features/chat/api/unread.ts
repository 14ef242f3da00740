import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { unreadAnswer } from '@wellbe/shared/schemas/chat';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/chat/unread: the total the toolbar badge and the tab title show. */
export function useUnread(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.chat.unread,
    queryFn: ({ signal }) => api<Answer<typeof unreadAnswer>>('/chat/unread', { signal }),
    enabled,
  });
}
