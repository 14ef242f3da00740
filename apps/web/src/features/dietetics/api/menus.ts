import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { menuCopyAnswer, MenuLine, menuWeekAnswer } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/patients/:id/menus: days with their meals, totals, targets and flags. */
export function useMenus(idPatient: string | null, from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.dietetics.menus(idPatient ?? '', from, to),
    queryFn: ({ signal }) => api<Answer<typeof menuWeekAnswer>>(`/dietetics/patients/${encodeURIComponent(idPatient!)}/menus`, { query: { from, to }, signal }).then((r) => r.data),
    enabled: !!idPatient,
  });
}

/** PUT /api/dietetics/patients/:id/menus/:day: the day's lines, replaced. */
export function useSaveDay(idPatient: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, items }: { day: string; items: MenuLine[] }) => api(`/dietetics/patients/${encodeURIComponent(idPatient)}/menus/${day}`, { method: 'PUT', body: { items } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.patientMenus(idPatient) }),
  });
}

/** POST /api/dietetics/patients/:id/menus/:day/copy: the day onto other days. */
export function useCopyDay(idPatient: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ day, to }: { day: string; to: string[] }) => api<Answer<typeof menuCopyAnswer>>(`/dietetics/patients/${encodeURIComponent(idPatient)}/menus/${day}/copy`, { method: 'POST', body: { to } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.patientMenus(idPatient) }),
  });
}
