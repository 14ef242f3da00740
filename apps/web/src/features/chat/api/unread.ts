import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/chat/unread: the total the toolbar badge and the tab title show. */
export function useUnread(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.chat.unread,
    queryFn: ({ signal }) => api<{ unread: number; support: number }>('/chat/unread', { signal }),
    enabled,
  });
}
