import { useQuery } from '@tanstack/react-query';
import type { Dashboard, dashboardAnswer } from '@wellbe/shared/schemas/dashboard';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dashboard: each role's section (administration, WellBe, practitioner, patient; null for the others). */
export function useDashboard(enabled = true) {
  return useQuery<Dashboard>({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api<Answer<typeof dashboardAnswer>>('/dashboard', { signal }).then((r) => r.data),
    enabled,
  });
}
