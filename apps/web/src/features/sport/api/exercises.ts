import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { exerciseAnswer, ExercisePage, exercisePageAnswer, ExerciseWrite } from '@wellbe/shared/schemas/sport';
import { api, apiBlob, apiUpload } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

export interface ExerciseFilters {
  q?: string;
  bodyPart?: number | null;
  equipment?: number | null;
  level?: number | null;
  category?: number | null;
  limit?: number;
  offset?: number;
}

/** GET /api/exercises: accent-insensitive search with the catalog filters. */
export function useExerciseSearch(filters: ExerciseFilters) {
  return useQuery<ExercisePage>({
    queryKey: queryKeys.sport.exercises(filters as Record<string, unknown>),
    queryFn: async ({ signal }) => (await api<Answer<typeof exercisePageAnswer>>('/exercises', { signal, query: { ...filters } })).data,
    placeholderData: keepPreviousData,
  });
}

/** POST (new) or PUT (edit) /api/exercises. */
export function useSaveExercise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ExerciseWrite }) =>
      api<Answer<typeof exerciseAnswer>>(id ? `/exercises/${encodeURIComponent(id)}` : '/exercises', { method: id ? 'PUT' : 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}

/** POST /api/exercises/{id}/media: the exercise's image or short video (typed by its bytes on the server). */
export function useUploadExerciseMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => apiUpload<Answer<typeof exerciseAnswer>>(`/exercises/${encodeURIComponent(id)}/media`, { file }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}

/** DELETE /api/exercises/{id}/media. */
export function useRemoveExerciseMedia() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Answer<typeof exerciseAnswer>>(`/exercises/${encodeURIComponent(id)}/media`, { method: 'DELETE' }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}

/** DELETE /api/exercises/{id}: deactivates an organisation's exercise (programs keep showing it). */
export function useArchiveExercise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/exercises/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}

/** GET /api/exercises/{id}/media as an object URL (the route needs the session's token, an <img src> cannot send it). */
export function useExerciseMediaUrl(id: string, version: string | null) {
  const query = useQuery({
    queryKey: [...queryKeys.sport.exercise(id), 'media', version],
    queryFn: async ({ signal }) => URL.createObjectURL((await apiBlob(`/exercises/${encodeURIComponent(id)}/media`, { signal })).blob),
    enabled: !!version,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
  return query.data ?? null;
}
