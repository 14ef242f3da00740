import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { noteLabelAnswer, noteLabelsAnswer } from '@wellbe/shared/schemas/notes';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/notes/labels: the caller's labels. */
export function useLabels() {
  return useQuery({ queryKey: queryKeys.notes.labels, queryFn: ({ signal }) => api<Answer<typeof noteLabelsAnswer>>('/notes/labels', { signal }).then((r) => r.data) });
}

/** POST, PATCH and DELETE /api/notes/labels: notes show their labels, so everything under notes refreshes. */
export function useLabelMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.notes.all });
  return {
    create: useMutation({ mutationFn: (name: string) => api<Answer<typeof noteLabelAnswer>>('/notes/labels', { method: 'POST', body: { name } }).then((r) => r.data), onSuccess }),
    rename: useMutation({ mutationFn: ({ id, name }: { id: string; name: string }) => api<Answer<typeof noteLabelAnswer>>(`/notes/labels/${id}`, { method: 'PATCH', body: { name } }).then((r) => r.data), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => api(`/notes/labels/${id}`, { method: 'DELETE' }), onSuccess }),
  };
}
