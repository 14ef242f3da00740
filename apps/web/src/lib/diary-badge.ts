import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { diaryNotificationsAnswer } from '@wellbe/shared/schemas/diary';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from './api.ts';

// The practitioner's badge of new diary entries of the patients they follow: one request shared by
// the navigation's Patients entry, the dashboard's card and the file's 'Journal' tab.

export const DIARY_BADGE_KEY = ['diary', 'notifications'] as const;

/** GET /api/diary/notifications: new entries per followed patient since the practitioner looked. */
export function useDiaryNotifications(enabled: boolean) {
  return useQuery({ queryKey: DIARY_BADGE_KEY, queryFn: ({ signal }) => api<Answer<typeof diaryNotificationsAnswer>>('/diary/notifications', { signal }).then((r) => r.data), enabled });
}

/** POST /api/patients/:idPatient/diary/seen: that patient's diary was opened, their part of the badge goes. */
export function useDiarySeen(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/patients/${encodeURIComponent(idPatient)}/diary/seen`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: DIARY_BADGE_KEY }),
  });
}
