import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { dieteticProfileAnswer, DieteticProfileWrite, PractitionerPreferences, practitionerPreferencesAnswer } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/patients/:id/profile: diet, allergens, dislikes, targets, the latest dietetic consultation's fields. */
export function useDieteticProfile(idPatient: string | null) {
  return useQuery({
    queryKey: queryKeys.dietetics.profile(idPatient ?? ''),
    queryFn: ({ signal }) => api<Answer<typeof dieteticProfileAnswer>>(`/dietetics/patients/${encodeURIComponent(idPatient!)}/profile`, { signal }).then((r) => r.data),
    enabled: !!idPatient,
  });
}

/** PUT /api/dietetics/patients/:id/profile. */
export function useSaveDieteticProfile(idPatient: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DieteticProfileWrite) => api<Answer<typeof dieteticProfileAnswer>>(`/dietetics/patients/${encodeURIComponent(idPatient)}/profile`, { method: 'PUT', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.all }),
  });
}

/** GET /api/dietetics/preferences: the practitioner's own defaults (/preferences/0). */
export function usePractitionerPreferences() {
  return useQuery({ queryKey: queryKeys.dietetics.preferences, queryFn: ({ signal }) => api<Answer<typeof practitionerPreferencesAnswer>>('/dietetics/preferences', { signal }).then((r) => r.data) });
}

/** PUT /api/dietetics/preferences. */
export function useSavePractitionerPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PractitionerPreferences) => api<Answer<typeof practitionerPreferencesAnswer>>('/dietetics/preferences', { method: 'PUT', body }).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dietetics.all }),
  });
}
