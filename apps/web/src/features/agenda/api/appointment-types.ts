import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppointmentType, AppointmentTypeInput } from '@wellbe/shared/schemas/agenda';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/agenda/types (new) or PUT /api/agenda/types/:id (`agenda management`). */
export function useSaveAppointmentType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: AppointmentTypeInput & { id?: string }) =>
      api<{ data: AppointmentType }>(id ? `/agenda/types/${id}` : '/agenda/types', { method: id ? 'PUT' : 'POST', body }).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.agenda.types }),
  });
}
