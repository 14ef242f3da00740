import { useQuery } from '@tanstack/react-query';
import type { MyMenuToday } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/dietetics/my-menu (patient): the card of today's menu (same cache as /dietetiques/mon-menu). */
export function useMyMenuToday() {
  return useQuery({ queryKey: queryKeys.dietetics.myMenu, queryFn: ({ signal }) => api<{ data: MyMenuToday }>('/dietetics/my-menu', { signal }).then((r) => r.data), retry: false });
}
