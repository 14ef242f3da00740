import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { newsletterSubscriptionAnswer } from '@wellbe/shared/schemas/articles';
import type { Answer } from '@wellbe/shared/schemas/responses';

// Issue 20: the newsletter opt-in of /profile (GET and PUT /api/newspapers/subscription).

export function useNewsletterSubscription() {
  return useQuery({ queryKey: queryKeys.newspapers.subscription, queryFn: () => api<Answer<typeof newsletterSubscriptionAnswer>>('/newspapers/subscription').then((a) => a.data) });
}

export function useSetNewsletterSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => api<Answer<typeof newsletterSubscriptionAnswer>>('/newspapers/subscription', { method: 'PUT', body: { subscribed } }).then((a) => a.data),
    onSuccess: (data) => queryClient.setQueryData(queryKeys.newspapers.subscription, data),
  });
}
