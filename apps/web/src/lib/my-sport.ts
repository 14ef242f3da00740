import { queryOptions } from '@tanstack/react-query';
import type { mySportTodayAnswer } from '@wellbe/shared/schemas/sport';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * GET /api/sport-programs/mine: the patient's program of the day. One request and one cache for the
 * three screens that read it: the sport page of the day, the dashboard's card of today's session and
 * the diary's activity entry (the sessions it offers). A program the patient does not have is an
 * answer, not a failure to retry.
 */
export const mySportQuery = queryOptions({
  queryKey: queryKeys.sport.mine,
  queryFn: ({ signal }) => api<Answer<typeof mySportTodayAnswer>>('/sport-programs/mine', { signal }).then((r) => r.data),
  retry: false,
});
