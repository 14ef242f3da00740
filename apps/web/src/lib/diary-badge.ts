import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { can } from '@wellbe/shared/permissions';
import type { diaryNotificationsAnswer } from '@wellbe/shared/schemas/diary';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from './api.ts';
import { useSession } from './session.ts';

// The practitioner's badge of new diary entries of the patients they follow: one request shared by
// the navigation's Patients entry, the dashboard's card and the file's 'Journal' tab.

export const DIARY_BADGE_KEY = ['diary', 'notifications'] as const;

/** GET /api/diary/notifications: new entries per followed patient since the practitioner looked. */
export function useDiaryNotifications(enabled: boolean) {
  return useQuery({ queryKey: DIARY_BADGE_KEY, queryFn: ({ signal }) => api<Answer<typeof diaryNotificationsAnswer>>('/diary/notifications', { signal }).then((r) => r.data), enabled });
}

/** The badge's request for the signed-in user: asked only by the practitioners who follow diaries (they write files, PT does not). */
export function useFollowedDiaries() {
  const { role } = useSession();
  return useDiaryNotifications(can(role, 'dpsWrite') && role !== 'PT');
}

/**
 * The new entries of each followed patient (by id), for the practitioners who follow diaries;
 * empty for the other roles. One observer of the shared request for a whole list: a hook per row
 * was a query observer per row, each subscribed and rendered again on its own (25 on a page of the
 * patient list, issue 31).
 */
export function useDiaryNewCounts(): ReadonlyMap<string, number> {
  const { data } = useFollowedDiaries();
  return useMemo(() => new Map((data?.patients ?? []).map((p) => [p.idPatient, p.count])), [data]);
}

/** POST /api/patients/:idPatient/diary/seen: that patient's diary was opened, their part of the badge goes. */
export function useDiarySeen(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api(`/patients/${encodeURIComponent(idPatient)}/diary/seen`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: DIARY_BADGE_KEY }),
  });
}
