import type { ConsultationDetail, ConsultationFields } from '@wellbe/shared/schemas/consultations';
import { api } from '../../../lib/api.ts';

/** Edit mode: PUT /api/consultations/:id with the version read (409 when it moved meanwhile). */
export function updateConsultation(id: string, version: number, consultation: ConsultationFields): Promise<ConsultationDetail> {
  return api<{ data: ConsultationDetail }>(`/consultations/${encodeURIComponent(id)}`, { method: 'PUT', body: { version, consultation }, on401: 'throw' }).then((a) => a.data);
}
