import { useQuery } from '@tanstack/react-query';
import type { noteAnswer } from '@wellbe/shared/schemas/notes';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notes/:id (the dialog of /notes/{id}, reloadable). */
export function useNote(id: string | null) {
  return useQuery({
    queryKey: queryKeys.notes.one(id ?? ''),
    queryFn: ({ signal }) => api<Answer<typeof noteAnswer>>(`/notes/${encodeURIComponent(id!)}`, { signal }).then((r) => r.data),
    enabled: !!id,
    retry: false,
  });
}
