import { useQuery } from '@tanstack/react-query';
import type { ConsultationDetail } from '@wellbe/shared/schemas/consultations';
import { api } from '../../../lib/api.ts';

/** GET /api/consultations/:id (the consultations API; audited there). */
export function useConsultation(idConsultation: string | undefined) {
  return useQuery({
    queryKey: ['consultations', idConsultation],
    queryFn: ({ signal }) => api<{ data: ConsultationDetail }>(`/consultations/${encodeURIComponent(idConsultation!)}`, { signal }).then((a) => a.data),
    enabled: !!idConsultation,
    retry: false,
  });
}
