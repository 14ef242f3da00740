import { useQuery } from '@tanstack/react-query';
import type { Contact } from '@wellbe/shared/schemas/contacts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/contacts/:id: the details panel (each opening feeds the caller's frequent contacts). */
export function useContact(id: string | null) {
  return useQuery({
    queryKey: queryKeys.contacts.one(id ?? ''),
    queryFn: ({ signal }) => api<{ data: Contact }>(`/contacts/${encodeURIComponent(id!)}`, { signal }).then((r) => r.data),
    enabled: !!id,
    retry: false,
  });
}
