import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ArticleDto, ArticleInput, articlePageAnswer, ArticleStatus, ArticleSummaryDto, ArticleVersionDto } from '@wellbe/shared/schemas/articles';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// Issue 20: /api/articles (DE's writing), /api/articles/feed and /read/:slug (readers).

export type ArticleList = Answer<typeof articlePageAnswer>['data'];

export function useArticleList(params: { status?: ArticleStatus; q?: string; page: number }) {
  return useQuery({
    queryKey: queryKeys.articles.list(params),
    queryFn: () => api<{ data: ArticleList }>('/articles', { query: { ...params, pageSize: 50 } }).then((a) => a.data),
    placeholderData: (prev) => prev,
  });
}

export function useArticle(id: string | null) {
  return useQuery({ queryKey: queryKeys.articles.one(id ?? ''), queryFn: () => api<{ data: ArticleDto }>(`/articles/${id}`).then((a) => a.data), enabled: !!id });
}

export function useArticleVersions(id: string) {
  return useQuery({ queryKey: queryKeys.articles.versions(id), queryFn: () => api<{ data: ArticleVersionDto[] }>(`/articles/${id}/versions`).then((a) => a.data) });
}

export function createArticle(input: Partial<ArticleInput> & { title: string; category: string }) {
  return api<{ data: ArticleDto }>('/articles', { method: 'POST', body: input }).then((a) => a.data);
}

export function saveArticle(id: string, patch: Partial<ArticleInput>) {
  return api<{ data: ArticleDto }>(`/articles/${id}`, { method: 'PATCH', body: patch }).then((a) => a.data);
}

export function uploadArticleImage(id: string, file: File, kind: 'cover' | 'images') {
  const form = new FormData();
  form.append('file', file);
  return api<{ data: ArticleDto | { url: string } }>(`/articles/${id}/${kind}`, { method: 'POST', body: form }).then((a) => a.data);
}

export function useArticleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, restore }: { id: string; status?: ArticleStatus; restore?: string }) =>
      (restore ? api<{ data: ArticleDto }>(`/articles/${id}/versions/${restore}/restore`, { method: 'POST' }) : api<{ data: ArticleDto }>(`/articles/${id}/status`, { method: 'POST', body: { status } })).then((a) => a.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
  });
}

export function useArticleFeed() {
  return useQuery({ queryKey: queryKeys.articles.feed, queryFn: () => api<{ data: ArticleSummaryDto[] }>('/articles/feed').then((a) => a.data) });
}

export function useReadArticle(slug: string) {
  return useQuery({ queryKey: queryKeys.articles.read(slug), queryFn: () => api<{ data: ArticleDto }>(`/articles/read/${encodeURIComponent(slug)}`).then((a) => a.data), retry: false, meta: { silent: true } });
}

export function usePinArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, pinned }: { id: string; pinned: boolean }) => api(`/articles/${id}/pin`, { method: 'PUT', body: { pinned } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
  });
}
