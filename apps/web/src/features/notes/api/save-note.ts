import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoteInputRaw, NotePatch, noteAnswer } from '@wellbe/shared/schemas/notes';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/notes, PATCH /api/notes/:id, DELETE /api/notes/:id; each refreshes the notes and the quick panel. */
export function useNoteMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.notes.all });
  return {
    create: useMutation({ mutationFn: (input: NoteInputRaw) => api<Answer<typeof noteAnswer>>('/notes', { method: 'POST', body: input }).then((r) => r.data), onSuccess }),
    update: useMutation({ mutationFn: ({ id, patch }: { id: string; patch: NotePatch }) => api<Answer<typeof noteAnswer>>(`/notes/${id}`, { method: 'PATCH', body: patch }).then((r) => r.data), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => api(`/notes/${id}`, { method: 'DELETE' }), onSuccess }),
  };
}
