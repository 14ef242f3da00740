import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api.ts';
import { notify } from './notify.ts';

/** Retry only what may heal: network errors, timeouts and 5xx, twice. A 4xx never (SPEC §8 401 included). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/**
 * Errors become toasts with the server's French message (SPEC §8). A 401 already produced its own
 * toast when it ended the session. A query or mutation passing `meta: { silent: true }` shows its
 * error itself (forms showing the message in place).
 */
function toast(error: unknown, meta: Record<string, unknown> | undefined) {
  if (meta?.silent) return;
  if (isApiError(error) && error.status === 401) return;
  // Issue 20: the consent screen replaces the app; its refusals are not worth a toast each.
  if (isApiError(error) && error.code === 'consent_required') return;
  notify(error instanceof Error ? error.message : String(error), 'error');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => toast(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => toast(error, mutation.meta) }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
