import { useQuery } from '@tanstack/react-query';
import type { myMenuTodayAnswer } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/my-menu (patient): the card of today's menu (same cache as /dietetiques/mon-menu). */
export function useMyMenuToday() {
  return useQuery({ queryKey: queryKeys.dietetics.myMenu, queryFn: ({ signal }) => api<Answer<typeof myMenuTodayAnswer>>('/dietetics/my-menu', { signal }).then((r) => r.data), retry: false });
}
