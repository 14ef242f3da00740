import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccessFlag } from '@wellbe/shared/schemas/records';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// POST /api/access-flags/:id/answer: the administrator's answer, shown to the patient.

export function useAnswerFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { idFlag: string; answer: string }) => api<{ data: AccessFlag }>(`/access-flags/${input.idFlag}/answer`, { method: 'POST', body: { answer: input.answer } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.records.all }),
  });
}
