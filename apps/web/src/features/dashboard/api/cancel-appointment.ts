import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/appointments/:id/cancel (patient): the next appointment's card cancels it with a reason. */
export function useCancelAppointment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api<{ data: Appointment }>(`/appointments/${id}/cancel`, { method: 'POST', body: { reason } }).then((r) => r.data),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.agenda.all }),
  });
}
