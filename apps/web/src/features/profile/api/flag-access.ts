import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// POST /api/patients/:id/access-log/:eventId/flag: "Je ne reconnais pas cet accès".

export function useFlagAccess(idPatient: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { eventId: number; comment: string }) =>
      api<{ data: { idFlag: string } }>(`/patients/${idPatient}/access-log/${input.eventId}/flag`, { method: 'POST', body: { comment: input.comment } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
}
