import { useQuery } from '@tanstack/react-query';
import type { ContactUser } from '@wellbe/shared/schemas/contacts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/contacts/me: the caller's stars, frequent contacts and groups (SPEC §3 Contact user). */
export function useContactUser() {
  return useQuery({ queryKey: queryKeys.contacts.me, queryFn: ({ signal }) => api<{ data: ContactUser }>('/contacts/me', { signal }).then((r) => r.data) });
}
