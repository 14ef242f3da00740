import type { ConsultationDetail } from '@wellbe/shared/schemas/consultations';
import { api } from '../../../lib/api.ts';

/** Edit mode: GET /api/consultations/:id. */
export function readConsultation(id: string): Promise<ConsultationDetail> {
  return api<{ data: ConsultationDetail }>(`/consultations/${encodeURIComponent(id)}`).then((answer) => answer.data);
}
