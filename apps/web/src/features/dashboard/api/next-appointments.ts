import { useQuery } from '@tanstack/react-query';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/appointments/mine (patient): the patient's card shows the next one (same cache as /appointment). */
export function useMyNextAppointments(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.agenda.mine, queryFn: ({ signal }) => api<{ data: Appointment[] }>('/appointments/mine', { signal }).then((r) => r.data), enabled });
}
