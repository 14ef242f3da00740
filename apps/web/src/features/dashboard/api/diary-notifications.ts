import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { diaryNotificationsAnswer } from '@wellbe/shared/schemas/diary';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';

const KEY = ['diary', 'notifications'] as const;

/** GET /api/diary/notifications: new entries of the patients the practitioner follows (the badge). */
export function useDiaryNotifications(enabled: boolean) {
  return useQuery({ queryKey: KEY, queryFn: ({ signal }) => api<Answer<typeof diaryNotificationsAnswer>>('/diary/notifications', { signal }).then((r) => r.data), enabled });
}

/** POST /api/diary/notifications/seen: the badge starts again from now. */
export function useDiaryNotificationsSeen() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => api('/diary/notifications/seen', { method: 'POST' }), onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}
