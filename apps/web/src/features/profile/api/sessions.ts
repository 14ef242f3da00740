import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The caller's sessions and remembered devices (GET /api/auth/sessions) and their revocation.

export interface SessionRow {
  id: string;
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  current: boolean;
}
export type DeviceRow = Omit<SessionRow, 'current'>;

export const sessionsKey = ['auth', 'sessions'] as const;

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => api<{ data: { sessions: SessionRow[]; devices: DeviceRow[] } }>('/auth/sessions').then((a) => a.data),
  });
}

function useSessionMutation<T>(fn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }) });
}

export const useRevokeSession = () => useSessionMutation((id: string) => api(`/auth/sessions/${id}`, { method: 'DELETE' }));
export const useRevokeOtherSessions = () => useSessionMutation(() => api('/auth/sessions/revoke-others', { method: 'POST' }));
export const useForgetDevice = () => useSessionMutation((id: string) => api(`/auth/devices/${id}`, { method: 'DELETE' }));
