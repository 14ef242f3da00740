import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManagedUser, Paged, UserCreateInput, UserUpdateInput } from '@wellbe/shared/schemas/users';
import { api } from '../../../lib/api.ts';
import { fetchPage } from '../../../lib/page-cursors.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// /user: the REST resource /api/users (see apps/server/src/modules/users/users.routes.ts).

export interface UserTableParams {
  q: string;
  page: number;
  pageSize: number;
  organizationId: string;
}

export function useUserTable(params: UserTableParams) {
  return useQuery({
    queryKey: queryKeys.users.table({ ...params }),
    queryFn: ({ signal }) => {
      const { page, ...scope } = params;
      return fetchPage(['users', scope], page, (cursor) => api<Paged<ManagedUser>>('/users', { query: { ...params, cursor }, signal }));
    },
    placeholderData: keepPreviousData,
  });
}

function useUserMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users.all }) });
}

export const useCreateUser = () => useUserMutation((body: UserCreateInput) => api<{ data: ManagedUser }>('/users', { method: 'POST', body }));
export const useUpdateUser = () =>
  useUserMutation(({ id, body }: { id: string; body: UserUpdateInput }) => api<{ data: ManagedUser }>(`/users/${id}`, { method: 'PATCH', body }));
export const useResendInvitation = () => useUserMutation((id: string) => api<{ data: ManagedUser }>(`/users/${id}/invitation`, { method: 'POST' }));
export const useRevokeInvitation = () => useUserMutation((id: string) => api<{ data: ManagedUser }>(`/users/${id}/invitation`, { method: 'DELETE' }));
export const useSendPasswordReset = () => useUserMutation((id: string) => api<{ success: true }>(`/users/${id}/password-reset`, { method: 'POST' }));
