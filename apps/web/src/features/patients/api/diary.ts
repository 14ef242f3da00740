import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { diaryChartAnswer, diaryEntryAnswer, diaryEntryListAnswer, diaryFollowAnswer, diarySummaryAnswer } from '@wellbe/shared/schemas/diary';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';

// The file's 'Journal' tab: a patient's diary, its charts and week, comments and following.

const key = (idPatient: string) => ['diary', 'patient', idPatient] as const;
const base = (idPatient: string) => `/patients/${encodeURIComponent(idPatient)}/diary`;

export function usePatientDiary(idPatient: string, from: string) {
  return useQuery({ queryKey: [...key(idPatient), 'entries', from], queryFn: ({ signal }) => api<Answer<typeof diaryEntryListAnswer>>(base(idPatient), { query: { from }, signal }).then((r) => r.data) });
}

export function useDiaryChart(idPatient: string, from: string, to: string) {
  return useQuery({ queryKey: [...key(idPatient), 'chart', from, to], queryFn: ({ signal }) => api<Answer<typeof diaryChartAnswer>>(`${base(idPatient)}/chart`, { query: { from, to }, signal }).then((r) => r.data) });
}

export function useDiarySummary(idPatient: string) {
  return useQuery({ queryKey: [...key(idPatient), 'summary'], queryFn: ({ signal }) => api<Answer<typeof diarySummaryAnswer>>(`${base(idPatient)}/summary`, { signal }).then((r) => r.data) });
}

export function useCommentEntry(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, comment }: { id: string; comment: string }) => api<Answer<typeof diaryEntryAnswer>>(`/diary/entries/${encodeURIComponent(id)}/comment`, { method: 'POST', body: { comment } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: key(idPatient) }),
  });
}

export function useFollowDiary(idPatient: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => api<Answer<typeof diaryFollowAnswer>>(`${base(idPatient)}/follow`, { method: 'PUT', body: { follow } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: key(idPatient) }),
  });
}
