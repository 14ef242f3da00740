import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Exercise, ExercisePage, ExerciseWrite } from '@wellbe/shared/schemas/sport';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

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
    queryFn: async ({ signal }) => (await api<{ data: ExercisePage }>('/exercises', { signal, query: { ...filters } })).data,
    placeholderData: keepPreviousData,
  });
}

/** POST (new) or PUT (edit) /api/exercises. */
export function useSaveExercise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ExerciseWrite }) =>
      api<{ data: Exercise }>(id ? `/exercises/${encodeURIComponent(id)}` : '/exercises', { method: id ? 'PUT' : 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}
