import { useInfiniteQuery } from '@tanstack/react-query';
import type { AccessFlagPage } from '@wellbe/shared/schemas/records';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// GET /api/access-flags: /admin 'Signalements', the accesses patients did not recognise.

export function useAccessFlags(status: 'open' | 'answered' | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.records.flags({ status }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => api<{ data: AccessFlagPage }>('/access-flags', { query: { status, cursor: pageParam, limit: 20 }, signal }).then((a) => a.data),
    getNextPageParam: (last) => last.nextCursor,
  });
}
