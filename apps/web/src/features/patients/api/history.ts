import { useQuery } from '@tanstack/react-query';
import type { HistoryEntry } from '@wellbe/shared/schemas/history';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/consultations/:id/history (issue 32): every version, oldest first (one page of 200). */
export function useConsultationHistory(idPatient: string, idConsultation: string, enabled: boolean) {
  return useQuery({
    queryKey: [...queryKeys.patients.consultation(idPatient, idConsultation), 'history'],
    queryFn: ({ signal }) => api<{ data: HistoryEntry[] }>(`/consultations/${encodeURIComponent(idConsultation)}/history`, { signal }).then((a) => a.data),
    enabled,
    retry: false,
  });
}
