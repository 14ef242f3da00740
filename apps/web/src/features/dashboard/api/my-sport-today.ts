import { useQuery } from '@tanstack/react-query';
import type { mySportTodayAnswer } from '@wellbe/shared/schemas/sport';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Answer } from '@wellbe/shared/schemas/responses';

/** GET /api/sport-programs/mine (patient): the card of today's session (same cache as /program/sportif/today). */
export function useMySportToday() {
  return useQuery({ queryKey: queryKeys.sport.mine, queryFn: ({ signal }) => api<Answer<typeof mySportTodayAnswer>>('/sport-programs/mine', { signal }).then((r) => r.data), retry: false });
}
