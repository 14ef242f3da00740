import { useQuery } from '@tanstack/react-query';
import type { Statistics, statisticsAnswer } from '@wellbe/shared/schemas/statistics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

// The dashboard's "activity this month" card: GET /api/statistics for the current month.
export function useMonthFigures(enabled: boolean) {
  return useQuery<Statistics>({
    queryKey: queryKeys.statistics.of({ period: 'month' }),
    queryFn: ({ signal }) => api<Answer<typeof statisticsAnswer>>('/statistics', { query: { period: 'month' }, signal }).then((r) => r.data),
    enabled,
  });
}
