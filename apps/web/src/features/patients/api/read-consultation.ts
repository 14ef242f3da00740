import { useQuery } from '@tanstack/react-query';
import type { ConsultationDetail } from '@wellbe/shared/schemas/consultations';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/consultations/:id (the consultations API; audited there). */
/** Keyed under the patient's file: a save in the consultation panel (which invalidates 'patients') refreshes it. */
export function useConsultation(idPatient: string, idConsultation: string | undefined) {
  return useQuery({
    queryKey: queryKeys.patients.consultation(idPatient, idConsultation ?? ''),
    queryFn: ({ signal }) => api<{ data: ConsultationDetail }>(`/consultations/${encodeURIComponent(idConsultation!)}`, { signal }).then((a) => a.data),
    enabled: !!idConsultation,
    retry: false,
  });
}
