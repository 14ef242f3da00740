import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { registerPasskey } from '../../../lib/passkeys.ts';
import type { mfaStateAnswer, mfaStateSchema, recoveryCodesAnswer, totpSetupAnswer } from '@wellbe/shared/schemas/auth';
import type { Answer } from '@wellbe/shared/schemas/responses';

// The caller's second factor (GET /api/auth/mfa): TOTP, recovery codes, passkeys.

export type MfaState = Answer<typeof mfaStateSchema>;

export const mfaKey = ['auth', 'mfa'] as const;

export function useMfa() {
  return useQuery({ queryKey: mfaKey, queryFn: () => api<Answer<typeof mfaStateAnswer>>('/auth/mfa').then((a) => a.data) });
}

function useMfaMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaKey }) });
}

export const useSetupTotp = () => useMfaMutation(() => api<Answer<typeof totpSetupAnswer>>('/auth/mfa/totp/setup', { method: 'POST' }).then((a) => a.data));
export const useConfirmTotp = () =>
  useMfaMutation((code: string) => api<Answer<typeof recoveryCodesAnswer>>('/auth/mfa/totp/confirm', { method: 'POST', body: { code } }).then((a) => a.data.recoveryCodes));
export const useDisableTotp = () => useMfaMutation((code: string) => api('/auth/mfa/totp/disable', { method: 'POST', body: { code } }));
export const useNewRecoveryCodes = () =>
  useMfaMutation((code: string) => api<Answer<typeof recoveryCodesAnswer>>('/auth/mfa/recovery-codes', { method: 'POST', body: { code } }).then((a) => a.data.recoveryCodes));
export const useAddPasskey = () => useMfaMutation((name: string) => registerPasskey(name));
export const useDeletePasskey = () => useMfaMutation((id: string) => api(`/auth/passkeys/${id}`, { method: 'DELETE' }));
