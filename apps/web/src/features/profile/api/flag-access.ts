import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { accessFlagCreatedAnswer } from '@wellbe/shared/schemas/records';
import type { Answer } from '@wellbe/shared/schemas/responses';

// POST /api/patients/:id/access-log/:eventId/flag: "Je ne reconnais pas cet accès".

export function useFlagAccess(idPatient: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { eventId: number; comment: string }) =>
      api<Answer<typeof accessFlagCreatedAnswer>>(`/patients/${idPatient}/access-log/${input.eventId}/flag`, { method: 'POST', body: { comment: input.comment } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
}
