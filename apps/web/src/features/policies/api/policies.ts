import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PolicyAcceptanceDto, PolicyVersionDto, PolicyVersionInput } from '@wellbe/shared/schemas/policies';
import { api } from '../../../lib/api.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { reconnectRealtime } from '../../../lib/realtime.ts';
import { PENDING_POLICIES_PATH } from '@wellbe/shared/first-requests';
import { earlyOrFetch } from '../../../lib/early-requests.ts';

// Issue 20: GET /api/policies/current (public), /pending, /acceptances/mine; POST /accept, /refuse;
// DE: GET/POST /api/policies, PATCH /api/policies/:id, POST /api/policies/:id/publish.

export function useCurrentPolicies() {
  return useQuery({ queryKey: queryKeys.policies.current, queryFn: () => api<{ data: PolicyVersionDto[] }>('/policies/current', { anonymous: true }).then((a) => a.data) });
}

const fetchPending = () => api<{ data: PolicyVersionDto[] }>(PENDING_POLICIES_PATH).then((a) => a.data);

/** The consent gate's first check takes the answer app/preload.ts asked for with the token check. */
const fetchPendingFirst = () => earlyOrFetch<{ data: PolicyVersionDto[] }>(PENDING_POLICIES_PATH).then((a) => a.data);

export function usePendingPolicies(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.policies.pending, queryFn: fetchPendingFirst, enabled, staleTime: 60_000 });
}

export function useMyAcceptances() {
  return useQuery({ queryKey: queryKeys.policies.mine, queryFn: () => api<{ data: PolicyAcceptanceDto[] }>('/policies/acceptances/mine').then((a) => a.data) });
}

export function useAcceptPolicies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (versionIds: string[]) => api('/policies/accept', { method: 'POST', body: { versionIds } }),
    onSuccess: () => {
      // The real-time socket was refused while consent was owed (close 4403): reconnect now.
      reconnectRealtime();
      return queryClient.invalidateQueries({ queryKey: queryKeys.policies.all });
    },
  });
}

export function refusePolicies() {
  return api<{ message: string }>('/policies/refuse', { method: 'POST' });
}

export function usePolicyVersions() {
  return useQuery({ queryKey: queryKeys.policies.versions, queryFn: () => api<{ data: PolicyVersionDto[] }>('/policies').then((a) => a.data) });
}

export function useSavePolicyVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PolicyVersionInput }) =>
      id
        ? api<{ data: PolicyVersionDto }>(`/policies/${id}`, { method: 'PATCH', body: { title: input.title, body: input.body, effectiveAt: input.effectiveAt, requiresAcceptance: input.requiresAcceptance } })
        : api<{ data: PolicyVersionDto }>('/policies', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.policies.all }),
  });
}

export function usePublishPolicyVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/policies/${id}/publish`, { method: 'POST' }),
    onSuccess: async () => {
      // The publisher owes the new version too: asked first, and while it is owed the consent
      // screen replaces the app, so the versions list is not asked again (it would answer 403).
      const owed = await queryClient.fetchQuery({ queryKey: queryKeys.policies.pending, queryFn: fetchPending, staleTime: 0 });
      if (!owed.length) await queryClient.invalidateQueries({ queryKey: queryKeys.policies.all });
    },
  });
}
