import { api } from '../../lib/api.ts';
import type { SignedInUser } from '../../lib/session.ts';

// Account recovery, invitation and email confirmation. All anonymous calls.
export function requestPasswordReset(email: string) {
  return api<{ success: boolean }>('/auth/forgot-password', { method: 'POST', body: { email }, anonymous: true });
}

export function checkResetLink(token: string) {
  return api<{ success: boolean }>('/auth/reset-password/check', { method: 'POST', body: { token }, anonymous: true });
}

export function resetPassword(token: string, password: string, passwordConfirm: string) {
  return api<{ success: boolean }>('/auth/reset-password', { method: 'POST', body: { token, password, passwordConfirm }, anonymous: true });
}

export interface InvitationInfo {
  success: boolean;
  user: { displayName: string; username: string; email: string; organization: string | null };
}

export function checkInvitation(userId: string, token: string) {
  return api<InvitationInfo>('/auth/invitation/check', { method: 'POST', body: { userId, token }, anonymous: true });
}

export function completeInvitation(userId: string, token: string, password: string, passwordConfirm: string) {
  return api<{ success: boolean; user: SignedInUser; access_token: string }>('/auth/invitation/complete', {
    method: 'POST',
    body: { userId, token, password, passwordConfirm },
    anonymous: true,
  });
}

export function confirmEmail(token: string) {
  return api<{ success: boolean }>('/auth/mail-confirm', { method: 'POST', body: { token }, anonymous: true });
}
