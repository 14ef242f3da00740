import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { sessionLogAnswer, SessionLogWrite, sportProgramAnswer, sportProgramListAnswer, SportProgramWrite } from '@wellbe/shared/schemas/sport';
import { api } from '../../../lib/api.ts';
import { mySportQuery } from '../../../lib/my-sport.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../../lib/realtime.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/sport-programs: the organisation's program library. */
export function useSportPrograms() {
  return useQuery({ queryKey: queryKeys.sport.programs, queryFn: ({ signal }) => api<Answer<typeof sportProgramListAnswer>>('/sport-programs', { signal }).then((r) => r.data) });
}

/** GET /api/sport-programs/:id: a program with its sessions and exercises. */
export function useSportProgram(id: string | null) {
  return useQuery({
    queryKey: queryKeys.sport.program(id ?? ''),
    queryFn: ({ signal }) => api<Answer<typeof sportProgramAnswer>>(`/sport-programs/${encodeURIComponent(id!)}`, { signal }).then((r) => r.data),
    enabled: !!id,
  });
}

/** POST (new) or PUT (edit) /api/sport-programs. */
export function useSaveSportProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SportProgramWrite }) =>
      api<Answer<typeof sportProgramAnswer>>(id ? `/sport-programs/${encodeURIComponent(id)}` : '/sport-programs', { method: id ? 'PUT' : 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}

/** POST /api/sport-programs/:id/duplicate. */
export function useDuplicateSportProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<Answer<typeof sportProgramAnswer>>(`/sport-programs/${encodeURIComponent(id)}/duplicate`, { method: 'POST' }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.programs }),
  });
}

/** DELETE /api/sport-programs/:id (archived). */
export function useArchiveSportProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/sport-programs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}

/** POST /api/sport-programs/:id/assign: the patient's own copy from a start day. */
export function useAssignSportProgram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, idPatient, startDate }: { id: string; idPatient: string; startDate: string }) =>
      api<Answer<typeof sportProgramAnswer>>(`/sport-programs/${encodeURIComponent(id)}/assign`, { method: 'POST', body: { idPatient, startDate } }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.all }),
  });
}

/** GET /api/sport-programs/mine: the patient's program of the day, refetched live when the practitioner changes it. */
export function useMySport() {
  const client = useQueryClient();
  useRealtimeEvent('sport.program', () => void client.invalidateQueries({ queryKey: queryKeys.sport.mine }));
  // Its error is the page's (today-page.tsx), not a toast as well.
  return useQuery({ ...mySportQuery, meta: { silent: true } });
}

/** POST /api/sport-programs/mine/logs. */
export function useLogSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SessionLogWrite) => api<Answer<typeof sessionLogAnswer>>('/sport-programs/mine/logs', { method: 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sport.mine }),
  });
}
