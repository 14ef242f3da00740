import { useQuery } from '@tanstack/react-query';
import type { InactivePatient } from '@wellbe/shared/schemas/sport';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/sport-programs/inactive-patients: the dashboard's list of patients who logged nothing for 7 days. */
export function useInactivePatients(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sport.inactive,
    queryFn: ({ signal }) => api<{ data: InactivePatient[] }>('/sport-programs/inactive-patients', { signal }).then((r) => r.data),
    enabled,
  });
}
