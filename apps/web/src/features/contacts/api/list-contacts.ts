import { useInfiniteQuery } from '@tanstack/react-query';
import type { ContactProfession, contactListAnswer } from '@wellbe/shared/schemas/contacts';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ContactListParams {
  filter: 'all' | 'frequent' | 'starred' | 'group';
  groupId?: string;
  q?: string;
  profession?: ContactProfession;
}

/** GET /api/contacts: the address book in alphabetical order, by pages of 200 (keyset cursor). */
export function useContacts(params: ContactListParams) {
  return useInfiniteQuery({
    queryKey: queryKeys.contacts.list({ ...params }),
    queryFn: ({ signal, pageParam }) =>
      api<Answer<typeof contactListAnswer>>('/contacts', { query: { ...params, cursor: pageParam ?? undefined }, signal }).then((r) => r.data),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
