import { useQuery } from '@tanstack/react-query';
import type { PatientDietOverview } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/dietetics/patients/:id/overview: the file's 'Diététique' tab (program, daily energy, weights). */
export function useDietOverview(idPatient: string) {
  return useQuery({
    queryKey: queryKeys.dietetics.overview(idPatient),
    queryFn: ({ signal }) => api<{ data: PatientDietOverview }>(`/dietetics/patients/${encodeURIComponent(idPatient)}/overview`, { signal }).then((r) => r.data),
  });
}
