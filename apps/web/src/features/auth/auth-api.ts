import { api } from '../../lib/api.ts';
import type { SignedInUser } from '../../lib/session.ts';
import type { invitationAnswer } from '@wellbe/shared/schemas/auth';
import type { Answer } from '@wellbe/shared/schemas/responses';

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

export type InvitationInfo = Answer<typeof invitationAnswer>;

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
