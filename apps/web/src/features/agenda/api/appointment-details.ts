import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/agenda/appointments/:id: an appointment's details, read when its dialog opens (journalled). */
export function useAppointmentDetails(id: string) {
  return useQuery({
    queryKey: queryKeys.agenda.appointment(id),
    queryFn: ({ signal }) => api<{ data: Appointment }>(`/agenda/appointments/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });
}
