import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Note, NoteInputRaw, NotePatch } from '@wellbe/shared/schemas/notes';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/notes, PATCH /api/notes/:id, DELETE /api/notes/:id; each refreshes the notes and the quick panel. */
export function useNoteMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.notes.all });
  return {
    create: useMutation({ mutationFn: (input: NoteInputRaw) => api<{ data: Note }>('/notes', { method: 'POST', body: input }).then((r) => r.data), onSuccess }),
    update: useMutation({ mutationFn: ({ id, patch }: { id: string; patch: NotePatch }) => api<{ data: Note }>(`/notes/${id}`, { method: 'PATCH', body: patch }).then((r) => r.data), onSuccess }),
    remove: useMutation({ mutationFn: (id: string) => api(`/notes/${id}`, { method: 'DELETE' }), onSuccess }),
  };
}
