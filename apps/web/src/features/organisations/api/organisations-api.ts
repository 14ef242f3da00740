import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organisation, OrganisationInput, OrganisationUpdateInput } from '@wellbe/shared/schemas/organisations';
import type { Paged } from '@wellbe/shared/schemas/users';
import { api } from '../../../lib/api.ts';
import { fetchPage } from '../../../lib/page-cursors.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// /organizations: /api/organisations (organisation group: SA, DE). The specialities tab uses the
// reference-table kit (components/reference-table.tsx) on /api/specialists.

const organisationsKey = queryKeys.organisations.all;

export interface OrganisationTableParams {
  q: string;
  page: number;
  pageSize: number;
}

export function useOrganisationTable(params: OrganisationTableParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.organisations.table({ ...params }),
    queryFn: ({ signal }) => {
      const { page, ...scope } = params;
      return fetchPage(['organisations', scope], page, (cursor) => api<Paged<Organisation>>('/organisations', { query: { ...params, cursor }, signal }));
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useInvalidating<V, R>(key: readonly string[], run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: key }) });
}

export const useCreateOrganisation = () =>
  useInvalidating(organisationsKey, (body: OrganisationInput) => api<{ data: Organisation }>('/organisations', { method: 'POST', body }));
export const useUpdateOrganisation = () =>
  useInvalidating(organisationsKey, ({ id, body }: { id: string; body: OrganisationUpdateInput }) =>
    api<{ data: Organisation }>(`/organisations/${id}`, { method: 'PATCH', body }),
  );
export const useUploadLogo = () =>
  useInvalidating(organisationsKey, ({ id, file }: { id: string; file: File }) => {
    const form = new FormData();
    form.append('logo', file);
    return api<{ data: Organisation }>(`/organisations/${id}/logo`, { method: 'PUT', body: form });
  });
