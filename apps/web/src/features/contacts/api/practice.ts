import { useMutation, useQuery } from '@tanstack/react-query';
import type { PracticeCard, practiceMessageAnswer } from '@wellbe/shared/schemas/contacts';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/contacts/practice: the practice's public card (a patient's /contact). */
export function usePracticeCard() {
  return useQuery({ queryKey: queryKeys.contacts.practice, queryFn: ({ signal }) => api<{ data: PracticeCard }>('/contacts/practice', { signal }).then((r) => r.data) });
}

/** POST /api/contacts/practice/message: "Nous écrire" (a patient: their conversation with the secretariat, chatId; else a mail). */
export function useWriteToPractice() {
  return useMutation({ mutationFn: (body: { subject: string; message: string }) => api<Answer<typeof practiceMessageAnswer>>('/contacts/practice/message', { method: 'POST', body }) });
}
