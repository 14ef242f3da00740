import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { DIARY_BADGE_KEY } from '../../../lib/diary-badge.ts';

export { useDiaryNotifications } from '../../../lib/diary-badge.ts';

/** POST /api/diary/notifications/seen: the badge starts again from now. */
export function useDiaryNotificationsSeen() {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => api('/diary/notifications/seen', { method: 'POST' }), onSuccess: () => client.invalidateQueries({ queryKey: DIARY_BADGE_KEY }) });
}
