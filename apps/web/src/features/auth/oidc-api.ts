import type { oidcButtonsAnswer, oidcFinishAnswer } from '@wellbe/shared/schemas/oidc';
import type { signedInAnswer } from '@wellbe/shared/schemas/auth';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api, isApiError } from '../../lib/api.ts';

// Sign-in by OpenID Connect (Pro Santé Connect, an organisation's provider): the /login buttons
// and the exchange of the one-time ticket the server's callback hands to /login/oidc.

export type OidcButton = Answer<typeof oidcButtonsAnswer>['data'][number];

export function oidcButtons() {
  return api<Answer<typeof oidcButtonsAnswer>>('/auth/oidc/providers', { anonymous: true });
}

export function finishOidc(ticket: string) {
  return api<Answer<typeof oidcFinishAnswer>>('/auth/oidc/finish', { method: 'POST', body: { ticket }, anonymous: true, on401: 'throw' });
}

export function linkOidc(ticket: string, password: string, code?: string) {
  return api<Answer<typeof signedInAnswer>>('/auth/oidc/link', { method: 'POST', body: { ticket, password, ...(code ? { code } : {}) }, anonymous: true, on401: 'throw' });
}

/** The button an organisation that enforces its provider names when it refuses a password. */
export function enforcedProviderOf(err: unknown): OidcButton | null {
  if (!isApiError(err) || err.code !== 'oidc_required') return null;
  const provider = (err.data as { error?: { details?: { provider?: OidcButton } } } | null)?.error?.details?.provider;
  return provider ?? null;
}

/** What the server's callback put after `#` in /login/oidc: a ticket, or an error code. */
export function landingOf(hash: string): { ticket: string | null; error: string | null } {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return { ticket: params.get('ticket'), error: params.get('error') };
}
