import { useQuery } from '@tanstack/react-query';
import type { JobSpecialist } from '@wellbe/shared/schemas/specialists';
import { apiAction } from './api.ts';
import { queryKeys } from './query-keys.ts';
import { useSession } from './session.ts';

/** SPEC §7 POST /api/Job_specialist action list: the active specialities (user forms, appointment types). */
export function useSpecialists() {
  const { user } = useSession();
  return useQuery({
    queryKey: queryKeys.reference('specialists').active,
    queryFn: () => apiAction<{ data: JobSpecialist[] }>('/Job_specialist', 'list', { Iduser: user?.id, idOrganization: user?.idOrganization }).then((r) => r.data),
    enabled: !!user,
    staleTime: 5 * 60_000,
  });
}
