import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OidcProviderInput, oidcProviderAnswer, oidcProvidersAnswer } from '@wellbe/shared/schemas/oidc';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api } from '../../../lib/api.ts';

// /admin, sign-in by identity provider: GET /api/admin/oidc-providers, PUT …/platform (SA, DE) and
// PUT …/organisation (the caller's organisation).

// Kept here rather than in lib/query-keys.ts: that module is in /dashboard's first load, whose
// budget this admin-only key would push over.
const KEY = ['admin', 'oidc-providers'] as const;

export type OidcProvider = Answer<typeof oidcProvidersAnswer>['data'][number];

export function useOidcProviders() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<Answer<typeof oidcProvidersAnswer>>('/admin/oidc-providers', { signal }),
  });
}

export function useSaveOidcProvider(scope: 'platform' | 'organisation') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: OidcProviderInput) => api<Answer<typeof oidcProviderAnswer>>(`/admin/oidc-providers/${scope}`, { method: 'PUT', body: values }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
