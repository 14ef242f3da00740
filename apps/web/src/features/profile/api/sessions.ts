import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import type { sessionsAnswer } from '@wellbe/shared/schemas/auth';
import type { Answer } from '@wellbe/shared/schemas/responses';

// The caller's sessions and remembered devices (GET /api/auth/sessions) and their revocation.

export const sessionsKey = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api<Answer<typeof sessionsAnswer>>('/auth/sessions').then((a) => a.data),
  });
}

function useSessionMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }) });
}

export const useRevokeSession = () => useSessionMutation((id: string) => api(`/auth/sessions/${id}`, { method: 'DELETE' }));
export const useRevokeOtherSessions = () => useSessionMutation(() => api('/auth/sessions/revoke-others', { method: 'POST' }));
export const useForgetDevice = () => useSessionMutation((id: string) => api(`/auth/devices/${id}`, { method: 'DELETE' }));
