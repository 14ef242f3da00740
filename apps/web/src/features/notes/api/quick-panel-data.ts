import { useQuery } from '@tanstack/react-query';
import type { quickPanelAnswer } from '@wellbe/shared/schemas/notes';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type QuickPanelAnswer = Answer<typeof quickPanelAnswer>;

/**
 * SPEC §7 GET /api/quick-panel/data. The real-time event 'notes.reminder' refetches it the moment
 * a reminder fires; reading it again every few minutes covers a socket that is down.
 */
export function useQuickPanelData(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notes.quickPanel,
    queryFn: ({ signal }) => api<QuickPanelAnswer>('/quick-panel/data', { signal }),
    enabled,
    refetchInterval: 5 * 60_000,
  });
}
