import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/chat/unread: the patient's card of unread messages (same cache as the toolbar badge). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.chat.unread, queryFn: ({ signal }) => api<{ unread: number; support: number }>('/chat/unread', { signal }), enabled });
}
