import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingRules } from '@wellbe/shared/schemas/agenda';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/agenda/rules: the organisation's booking delays (validity, online cancellation, reminder). */
export function useBookingRules() {
  return useQuery({ queryKey: queryKeys.agenda.rules, queryFn: ({ signal }) => api<{ data: BookingRules }>('/agenda/rules', { signal }).then((r) => r.data) });
}

/** PUT /api/agenda/rules (`agenda management`). */
export function useSaveBookingRules() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BookingRules) => api<{ data: BookingRules }>('/agenda/rules', { method: 'PUT', body }).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(queryKeys.agenda.rules, data),
  });
}
