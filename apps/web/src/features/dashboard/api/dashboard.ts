import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@wellbe/shared/schemas/dashboard';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/dashboard: each role's section (administration, WellBe, practitioner, patient; null for the others). */
export function useDashboard(enabled = true) {
  return useQuery<Dashboard>({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api<{ data: Dashboard }>('/dashboard', { signal }).then((r) => r.data),
    enabled,
  });
}
