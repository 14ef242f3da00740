import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleSummaryDto, NewsletterDto, NewsletterInput, NewsletterPreviewDto } from '@wellbe/shared/schemas/articles';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Issue 20: /api/newspapers (DE's newsletters), the opt-in of /profile and the unsubscribe link.

export function useNewsletters() {
  return useQuery({ queryKey: queryKeys.newspapers.list, queryFn: () => api<{ data: NewsletterDto[] }>('/newspapers').then((a) => a.data) });
}

export function useNewsletter(id: string | null) {
  return useQuery({ queryKey: queryKeys.newspapers.one(id ?? ''), queryFn: () => api<{ data: NewsletterDto }>(`/newspapers/${id}`).then((a) => a.data), enabled: !!id });
}

export function useNewsletterPreview(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.newspapers.preview(id ?? ''),
    queryFn: () => api<{ data: NewsletterPreviewDto }>(`/newspapers/${id}/preview`).then((a) => a.data),
    enabled: !!id && enabled,
  });
}

/** Creates (no id) or saves a newsletter before it goes out. */
export function useSaveNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: NewsletterInput }) =>
      (id ? api<{ data: NewsletterDto }>(`/newspapers/${id}`, { method: 'PATCH', body }) : api<{ data: NewsletterDto }>('/newspapers', { method: 'POST', body })).then((a) => a.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.newspapers.all }),
    // The editor shows the refusal in its own alert.
    meta: { silent: true },
  });
}

/** "Envoyer maintenant" (no date), "Programmer" (a date), or back to draft. */
export function useSendNewsletter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, scheduledAt, unschedule }: { id: string; scheduledAt?: string; unschedule?: boolean }) =>
      (unschedule
        ? api<{ data: NewsletterDto }>(`/newspapers/${id}/unschedule`, { method: 'POST' })
        : api<{ data: NewsletterDto }>(`/newspapers/${id}/send`, { method: 'POST', body: scheduledAt ? { scheduledAt } : {} })
      ).then((a) => a.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.newspapers.all }),
    // The editor shows the refusal in its own alert.
    meta: { silent: true },
  });
}

/** The unsubscribe page's one call: the signed link does it, without sign-in. */
export function useUnsubscribe() {
  // The page says what went wrong itself: no toast on top.
  return useMutation({ mutationFn: (token: string) => api<{ data: { unsubscribed: boolean } }>('/newspapers/unsubscribe', { method: 'POST', body: { token } }).then((a) => a.data), meta: { silent: true } });
}

/** The article picker: the published articles (GET /api/articles, DE). */
export function usePublishedArticles() {
  return useQuery({
    queryKey: queryKeys.newspapers.articles,
    queryFn: () => api<{ data: { items: ArticleSummaryDto[] } }>('/articles', { query: { status: 'publie', page: 1, pageSize: 100 } }).then((a) => a.data.items),
  });
}
