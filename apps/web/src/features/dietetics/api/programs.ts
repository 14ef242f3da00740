import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { programAnswer, programAssignAnswer, programListAnswer, ProgramWrite } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/programs: the practice's program templates. */
export function usePrograms() {
  return useQuery({ queryKey: queryKeys.dietetics.programs, queryFn: ({ signal }) => api<Answer<typeof programListAnswer>>('/dietetics/programs', { signal }).then((r) => r.data) });
}

/** GET /api/dietetics/programs/:id: the template's lines by day and meal. */
export function useProgram(id: string | null) {
  return useQuery({
    queryKey: queryKeys.dietetics.program(id ?? ''),
    queryFn: ({ signal }) => api<Answer<typeof programAnswer>>(`/dietetics/programs/${encodeURIComponent(id!)}`, { signal }).then((r) => r.data),
    enabled: !!id,
  });
}

/** POST (new) or PUT (edit) /api/dietetics/programs. */
export function useSaveProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: ProgramWrite }) =>
      api<Answer<typeof programAnswer>>(id ? `/dietetics/programs/${encodeURIComponent(id)}` : '/dietetics/programs', { method: id ? 'PUT' : 'POST', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.programs }),
  });
}

/** POST /api/dietetics/programs/:id/assign: creates the patient's daily menus from a start day. */
export function useAssignProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idPatient, startDate }: { id: string; idPatient: string; startDate: string }) =>
      api<Answer<typeof programAssignAnswer>>(`/dietetics/programs/${encodeURIComponent(id)}/assign`, { method: 'POST', body: { idPatient, startDate } }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.all }),
  });
}

/** DELETE /api/dietetics/programs/:id (archived: menus already created stay). */
export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/dietetics/programs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.programs }),
  });
}
