import { useInfiniteQuery } from '@tanstack/react-query';
import type { AccessKind, AccessLogPage } from '@wellbe/shared/schemas/records';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// GET /api/patients/:id/access-log: who opened the file, newest first, in keyset pages
// ('Afficher plus' asks for the page after the last row shown).

export interface AccessLogFilters {
  kind?: AccessKind;
  from?: string;
  to?: string;
}

export function useAccessLog(idPatient: string, filters: AccessLogFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.records.accessLog(idPatient, { ...filters }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<{ data: AccessLogPage }>(`/patients/${idPatient}/access-log`, { query: { ...filters, cursor: pageParam, limit: 20 }, signal }).then((a) => a.data),
    getNextPageParam: (last) => last.nextCursor,
    enabled: !!idPatient,
  });
}
