import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Issue 20: the newsletter opt-in of /profile (GET and PUT /api/newspapers/subscription).

export function useNewsletterSubscription() {
  return useQuery({ queryKey: queryKeys.newspapers.subscription, queryFn: () => api<{ data: { subscribed: boolean } }>('/newspapers/subscription').then((a) => a.data) });
}

export function useSetNewsletterSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => api<{ data: { subscribed: boolean } }>('/newspapers/subscription', { method: 'PUT', body: { subscribed } }).then((a) => a.data),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.newspapers.subscription, data),
  });
}
