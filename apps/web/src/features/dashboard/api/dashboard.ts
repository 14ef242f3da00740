import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@wellbe/shared/schemas/dashboard';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/dashboard: the administration and WellBe cards' counts (null sections for other roles). */
export function useDashboard(enabled: boolean) {
  return useQuery<Dashboard>({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api<{ data: Dashboard }>('/dashboard', { signal }).then((r) => r.data),
    enabled,
  });
}
