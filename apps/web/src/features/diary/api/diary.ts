import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { foodListAnswer } from '@wellbe/shared/schemas/dietetics';
import type { DiaryEntryWrite, diaryEntryAnswer, diaryEntryListAnswer, myDayTotalsAnswer } from '@wellbe/shared/schemas/diary';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { mySportQuery } from '../../../lib/my-sport.ts';

// The patient's own diary (/journal): their entries with the practitioners' comments, the day's
// meals against their target, the Ciqual search for a meal, and writing an entry.

const KEY = ['diary', 'mine'] as const;

/** GET /api/diary/entries: the patient's entries, newest first. */
export function useMyDiary() {
  // Its error is the page's (diary-page-body.tsx), not a toast as well.
  return useQuery({ queryKey: [...KEY, 'entries'], queryFn: ({ signal }) => api<Answer<typeof diaryEntryListAnswer>>('/diary/entries', { signal }).then((r) => r.data), retry: false, meta: { silent: true } });
}

/** GET /api/diary/day: today's meals against the dietetic target. */
export function useMyDay() {
  return useQuery({ queryKey: [...KEY, 'day'], queryFn: ({ signal }) => api<Answer<typeof myDayTotalsAnswer>>('/diary/day', { signal }).then((r) => r.data), retry: false, meta: { silent: true } });
}

/** The characters a meal's food search needs before it is asked (the form says so meanwhile). */
export const FOOD_QUERY_MIN = 2;

/** GET /api/diary/foods?q=: the Ciqual table (and the practice's foods) for a meal. */
export function useFoodSearch(q: string) {
  return useQuery({
    queryKey: ['diary', 'foods', q],
    queryFn: ({ signal }) => api<Answer<typeof foodListAnswer>>('/diary/foods', { query: { q, limit: 10 }, signal }).then((r) => r.data),
    enabled: q.trim().length >= FOOD_QUERY_MIN,
    placeholderData: (previous) => previous,
  });
}

/** POST /api/diary/entries, with a client id so that a retry after a lost answer saves one entry. */
export function useAddEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DiaryEntryWrite) => api<Answer<typeof diaryEntryAnswer>>('/diary/entries', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /api/diary/entries/:id/photo: a meal's photo (typed by its bytes on the server, 10 MB at most). */
export function useUploadPhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('photo', file);
      return api(`/diary/entries/${encodeURIComponent(id)}/photo`, { method: 'POST', body });
    },
    // The entry now says it has a photo; a replaced photo is fetched again (components/meal-photo.tsx).
    onSuccess: (_, { id }) => Promise.all([client.invalidateQueries({ queryKey: KEY }), client.invalidateQueries({ queryKey: ['diary', 'photo', id] })]),
  });
}

/**
 * GET /api/sport-programs/mine (the patient's sport page's request, same cache): the sessions of
 * their current program for the activity entry, the one suggested today first; null without one.
 */
export function useMyProgramSessions() {
  const query = useQuery(mySportQuery);
  const program = query.data?.program;
  return program ? { name: program.name, sessions: program.sessions.map((s) => ({ id: s.id, name: s.name })), suggested: query.data!.sessionId } : null;
}
