import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Statistics, statisticsAnswer, StatPeriod, StatTable } from '@wellbe/shared/schemas/statistics';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

// GET /api/statistics: the practice's figures for a period (organisation: SA and DE only).

export interface StatisticsFilters {
  period: StatPeriod;
  from?: string;
  to?: string;
  organizationId?: string;
}

export function useStatistics(filters: StatisticsFilters, enabled = true) {
  return useQuery<Statistics>({
    queryKey: queryKeys.statistics.of({ ...filters }),
    queryFn: ({ signal }) => api<Answer<typeof statisticsAnswer>>('/statistics', { query: { ...filters }, signal }).then((r) => r.data),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** GET /api/statistics/export: one table of the screen as CSV. */
export function downloadStatisticsCsv(filters: StatisticsFilters, table: StatTable): Promise<void> {
  return downloadFile('/statistics/export', `statistiques-${table}.csv`, { ...filters, table });
}
