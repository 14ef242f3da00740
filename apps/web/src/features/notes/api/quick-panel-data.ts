import { useQuery } from '@tanstack/react-query';
import type { QuickPanelData } from '@wellbe/shared/schemas/notes';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface QuickPanelAnswer extends QuickPanelData {
  date: string;
  reminders: { id: string; at: string; due: boolean }[];
}

/**
 * SPEC §7 GET /api/quick-panel/data. Read again every minute while signed in: that is how a note
 * reminder shows (toast and panel entry) at its time until the real-time socket carries it.
 */
export function useQuickPanelData(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.notes.quickPanel,
    queryFn: ({ signal }) => api<QuickPanelAnswer>('/quick-panel/data', { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
