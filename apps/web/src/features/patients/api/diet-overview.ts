import { useQuery } from '@tanstack/react-query';
import type { patientDietOverviewAnswer } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/patients/:id/overview: the file's 'Diététique' tab (program, daily energy, weights). */
export function useDietOverview(idPatient: string) {
  return useQuery({
    queryKey: queryKeys.dietetics.overview(idPatient),
    queryFn: ({ signal }) => api<Answer<typeof patientDietOverviewAnswer>>(`/dietetics/patients/${encodeURIComponent(idPatient)}/overview`, { signal }).then((r) => r.data),
  });
}
