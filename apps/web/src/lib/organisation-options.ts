import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { queryKeys } from './query-keys.ts';

// The organisations SA and DE may pick from (name and id only), for every screen with an
// organisation picker (statistics, users).

export interface OrganisationOption {
  idOrganization: string;
  name: string;
  active: boolean;
}

export function useOrganisationOptions(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.organisations.options,
    queryFn: () => api<{ data: OrganisationOption[] }>('/organisations', { query: { pageSize: 100 } }).then((r) => r.data),
    enabled,
    staleTime: 60_000,
  });
}
