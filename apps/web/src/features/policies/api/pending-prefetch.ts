import type { PolicyVersionDto } from '@wellbe/shared/schemas/policies';
import { api } from '../../../lib/api.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { isTokenValid, readToken } from '../../../lib/token.ts';

/**
 * Asks which policies the stored token's user owes at the same time as the token's check
 * (app/preload.ts), not after it: the chrome draws nothing before that answer (consent-gate.tsx),
 * so the page's own requests started one round trip later on every signed-in first load (issue 31).
 * Same cache entry as usePendingPolicies. A refused token is the token check's to report: a 401
 * here is thrown (no second session end), kept out of the toasts, and the gate asks again.
 */
export function prefetchPendingPolicies(): void {
  const token = readToken();
  if (!token || !isTokenValid(token)) return;
  void queryClient.prefetchQuery({
    queryKey: queryKeys.policies.pending,
    queryFn: () => api<{ data: PolicyVersionDto[] }>('/policies/pending', { on401: 'throw' }).then((a) => a.data),
    staleTime: 60_000,
    meta: { silent: true },
  });
}
