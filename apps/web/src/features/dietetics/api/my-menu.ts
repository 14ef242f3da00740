import { useQuery } from '@tanstack/react-query';
import type { MyMenuToday } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/dietetics/my-menu: a patient's current program and today's menu (their own only). */
export function useMyMenu() {
  return useQuery({ queryKey: queryKeys.dietetics.myMenu, queryFn: ({ signal }) => api<{ data: MyMenuToday }>('/dietetics/my-menu', { signal }).then((r) => r.data), retry: false });
}
