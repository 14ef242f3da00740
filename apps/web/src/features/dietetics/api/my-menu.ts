import { useQuery } from '@tanstack/react-query';
import type { myMenuTodayAnswer } from '@wellbe/shared/schemas/dietetics';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/dietetics/my-menu: a patient's current program and today's menu (their own only). */
export function useMyMenu() {
  return useQuery({ queryKey: queryKeys.dietetics.myMenu, queryFn: ({ signal }) => api<Answer<typeof myMenuTodayAnswer>>('/dietetics/my-menu', { signal }).then((r) => r.data), retry: false });
}
