import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, ContactInputRaw, ContactUser } from '@wellbe/shared/schemas/contacts';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Contact writes: POST/PUT/DELETE /api/contacts, PUT …/star, POST /api/contacts/bulk, POST and DELETE /api/contacts/groups. */
export function useContactMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.contacts.all });
  return {
    create: useMutation({ mutationFn: (input: ContactInputRaw) => api<{ data: Contact }>('/contacts', { method: 'POST', body: input }).then((r) => r.data), onSuccess }),
    update: useMutation({ mutationFn: ({ id, input }: { id: string; input: ContactInputRaw }) => api<{ data: Contact }>(`/contacts/${id}`, { method: 'PUT', body: input }).then((r) => r.data), onSuccess }),
    star: useMutation({ mutationFn: ({ id, starred }: { id: string; starred: boolean }) => api<{ data: ContactUser }>(`/contacts/${id}/star`, { method: 'PUT', body: { starred } }), onSuccess }),
    bulk: useMutation({ mutationFn: (body: { operation: 'star' | 'unstar' | 'delete'; contactIds: string[] }) => api('/contacts/bulk', { method: 'POST', body }), onSuccess }),
    group: useMutation({ mutationFn: (body: { name: string; contactIds: string[] }) => api('/contacts/groups', { method: 'POST', body }), onSuccess }),
    removeGroup: useMutation({ mutationFn: (id: string) => api(`/contacts/groups/${id}`, { method: 'DELETE' }), onSuccess }),
  };
}
