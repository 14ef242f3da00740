import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Organisation, OrganisationInput, OrganisationUpdateInput } from '@wellbe/shared/schemas/organisations';
import type { JobSpecialist, SpecialistCreate, SpecialistUpdate } from '@wellbe/shared/schemas/specialists';
import type { Paged } from '@wellbe/shared/schemas/users';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// /organizations: /api/organisations and /api/specialists (organisation group: SA, DE).

const organisationsKey = queryKeys.organisations.all;
const specialistsKey = queryKeys.reference('specialists').all;

export interface OrganisationTableParams {
  q: string;
  page: number;
  pageSize: number;
}

export function useOrganisationTable(params: OrganisationTableParams, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.organisations.table({ ...params }),
    queryFn: ({ signal }) => api<Paged<Organisation>>('/organisations', { query: { ...params }, signal }),
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

export function useSpecialistTable(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.reference('specialists').list, queryFn: () => api<{ data: JobSpecialist[] }>('/specialists').then((r) => r.data), enabled });
}
export const useCreateSpecialist = () =>
  useInvalidating(specialistsKey, (body: SpecialistCreate) => api<{ data: JobSpecialist }>('/specialists', { method: 'POST', body }));
export const useUpdateSpecialist = () =>
  useInvalidating(specialistsKey, ({ id, body }: { id: number; body: SpecialistUpdate }) => api<{ data: JobSpecialist }>(`/specialists/${id}`, { method: 'PATCH', body }));
