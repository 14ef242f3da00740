import { useQuery } from '@tanstack/react-query';
import type { NoteFilter, noteListAnswer } from '@wellbe/shared/schemas/notes';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface NoteListParams {
  filter: NoteFilter;
  labelId?: string;
  q?: string;
  /** The notes linked to one patient file (opened from that file). */
  patientId?: string;
}

/** GET /api/notes: the caller's notes of one side-list filter, and their labels. */
export function useNotes(params: NoteListParams) {
  return useQuery({
    queryKey: queryKeys.notes.list({ ...params }),
    queryFn: ({ signal }) => api<Answer<typeof noteListAnswer>>('/notes', { query: { ...params }, signal }).then((r) => r.data),
    // The previous filter's notes stay on screen while the next ones load.
    placeholderData: (previous) => previous,
  });
}
