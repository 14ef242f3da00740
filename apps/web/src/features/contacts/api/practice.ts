import { useMutation, useQuery } from '@tanstack/react-query';
import type { PracticeCard } from '@wellbe/shared/schemas/contacts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/contacts/practice: the practice's public card (a patient's /contact). */
export function usePracticeCard() {
  return useQuery({ queryKey: queryKeys.contacts.practice, queryFn: ({ signal }) => api<{ data: PracticeCard }>('/contacts/practice', { signal }).then((r) => r.data) });
}

/** POST /api/contacts/practice/message: "Nous écrire" (a patient: their conversation with the secretariat, chatId; else a mail). */
export function useWriteToPractice() {
  return useMutation({ mutationFn: (body: { subject: string; message: string }) => api<{ success: boolean; chatId: string | null }>('/contacts/practice/message', { method: 'POST', body }) });
}
