import { api } from './api.ts';
import { loginAction, type LoginAnswer } from './session.ts';

// Passkeys in the browser, through @simplewebauthn/browser, loaded only when a passkey is used.

interface Options<T> {
  success: boolean;
  data: { challengeId: string; options: T };
}

/** Signs in with a passkey: as the second factor (with the challenge of `login`) or passwordless. */
export async function passkeySignIn(mfaToken?: string, remember = false): Promise<LoginAnswer> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { data } = await loginAction('passkeyOptions', mfaToken ? { mfa_token: mfaToken } : {}) as unknown as Options<Parameters<typeof startAuthentication>[0]['optionsJSON']>;
  const response = await startAuthentication({ optionsJSON: data.options });
  return loginAction('passkeyLogin', { challengeId: data.challengeId, response, ...(mfaToken ? { mfa_token: mfaToken, remember } : {}) });
}

/** Registers a new passkey for the signed-in user under a name. */
export async function registerPasskey(name: string): Promise<void> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { data } = await api<Options<Parameters<typeof startRegistration>[0]['optionsJSON']>>('/auth/passkeys/options', { method: 'POST' });
  const response = await startRegistration({ optionsJSON: data.options });
  await api('/auth/passkeys', { method: 'POST', body: { name, challengeId: data.challengeId, response } });
}
