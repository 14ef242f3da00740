import { useSyncExternalStore } from 'react';
import type { Role } from '@wellbe/shared/roles';
import { isRole } from '@wellbe/shared/roles';
import { TOKEN_CHECK_PATH } from '@wellbe/shared/first-requests';
import type { NavbarStyle } from '@wellbe/shared/constants';
import type { signedInUserSchema } from '@wellbe/shared/schemas/auth';
import type { Answer } from '@wellbe/shared/schemas/responses';
import { api, ApiError, setUnauthorizedHandler } from './api.ts';
import { notify } from './notify.ts';
import { greetingName, rememberGreetingName } from './greeting-name.ts';
import { isTokenValid, readToken, tokenSubject, writeToken } from './token.ts';
import { i18n, i18nReady } from '../i18n/i18n.ts';

type SignedInUserAnswer = Answer<typeof signedInUserSchema>;
/**
 * SPEC §3 signed-in user, as the server's toSignedInUser sends it (the shared answer schema), its
 * settings read as the web app writes them.
 */
export type SignedInUser = Omit<SignedInUserAnswer, 'data'> & { data: Omit<SignedInUserAnswer['data'], 'settings'> & { settings: UserSettings } };

export interface UserSettings {
  layout?: { navbar?: { style?: NavbarStyle } };
  [key: string]: unknown;
}

export type SessionStatus = 'checking' | 'signed-in' | 'guest';

export interface SessionState {
  status: SessionStatus;
  user: SignedInUser | null;
  /** The role the guards read: null for a guest (SPEC §4 "a user without a role"). */
  role: Role | null;
}

/** Why a session ended: features react (the consultation panel clears its draft on any of them). */
export type SessionEndReason = 'logout' | 'unauthorized' | 'expired' | 'token-refused';

interface AuthAnswer {
  success: boolean;
  user: SignedInUser;
  access_token: string;
}

let state: SessionState = { status: 'checking', user: null, role: null };
const listeners = new Set<() => void>();
const endListeners = new Set<(reason: SessionEndReason, userId: string | null) => void>();
/** SPEC §4 stored redirect URL: the path a guest asked for before being sent to /login. */
let redirectUrl: string | null = null;

function set(next: SessionState) {
  state = next;
  rememberGreetingName(next.user ? greetingName(next.user) : null);
  for (const l of listeners) l();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/**
 * Runs `listener` when a session ends, whatever the cause, with the id of the user whose session it
 * was: known from the state, or from the stored token on a page that ends it before knowing who is
 * signed in (a fresh load of /logout). Returns the unsubscribe function.
 */
export function onSessionEnd(listener: (reason: SessionEndReason, userId: string | null) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

/** Stores the signed-in user and their token (after sign-in, registration or an in-place re-login). */
export function setSession(user: SignedInUser, token: string): void {
  writeToken(token);
  const role = isRole(user.role) ? user.role : null;
  set({ status: role ? 'signed-in' : 'guest', user: role ? user : null, role });
}

/** Updates the user record without touching the token (settings saved, profile re-read). */
export function updateSessionUser(user: SignedInUser): void {
  if (state.user) set({ ...state, user });
}

/**
 * Ends the session: token cleared, user reset to an empty role (SPEC §4). The optional message
 * is one of the SPEC §8 texts, shown as a toast.
 */
export function endSession(reason: SessionEndReason, message?: string): void {
  const token = readToken();
  const wasSignedIn = state.status !== 'guest' || token !== null;
  const userId = state.user?.id ?? (token ? tokenSubject(token) : null);
  writeToken(null);
  set({ status: 'guest', user: null, role: null });
  if (message) notify(message, reason === 'logout' ? 'info' : 'error');
  if (wasSignedIn) for (const l of endListeners) l(reason, userId);
}

export function setRedirectUrl(url: string | null): void {
  redirectUrl = url;
}

/** Returns and forgets the stored redirect URL (used once, so a refused page cannot loop). */
export function takeRedirectUrl(): string | null {
  const url = redirectUrl;
  redirectUrl = null;
  return url;
}

/** A password was right; a second factor (or its enrolment) is due before any session. */
export interface MfaChallenge {
  code: 'mfa_required' | 'mfa_enrolment_required';
  message: string;
  token: string;
  methods: string[];
}

export interface LoginAnswer {
  success: boolean;
  user: SignedInUser;
  data: { access_token: string };
  recoveryCodes?: string[];
}

/** The second-factor challenge carried by a refused sign-in, if that is what it is. */
export function mfaChallengeOf(error: unknown): MfaChallenge | null {
  if (!(error instanceof ApiError) || (error.code !== 'mfa_required' && error.code !== 'mfa_enrolment_required')) return null;
  const data = error.data as { mfa_token?: unknown; methods?: unknown };
  if (typeof data?.mfa_token !== 'string') return null;
  return { code: error.code, message: error.message, token: data.mfa_token, methods: Array.isArray(data.methods) ? (data.methods as string[]) : [] };
}

/** POST /api/user with a sign-in action (login, mfaVerify, passkeyLogin…), anonymously. */
export function loginAction(action: string, payload: Record<string, unknown>): Promise<LoginAnswer> {
  return api<LoginAnswer>('/user', { method: 'POST', body: { action, ...payload }, anonymous: true, on401: 'throw' });
}

/**
 * POST /api/user action login (SPEC §7); the server's error message is thrown as an ApiError.
 * With a second factor, the answer is a challenge (see mfaChallengeOf) and nobody is signed in yet.
 */
export async function signIn(username: string, password: string): Promise<SignedInUser> {
  const answer = await loginAction('login', { Username: username, Password: password });
  setSession(answer.user, answer.data.access_token);
  return answer.user;
}

/** POST /api/auth/register (SPEC §7): the new account is signed in at once. */
export async function register(user: { displayName: string; email: string; password: string; username?: string; acceptPolicies: true }): Promise<SignedInUser> {
  const answer = await api<AuthAnswer>('/auth/register', { method: 'POST', body: { user }, anonymous: true, on401: 'throw' });
  setSession(answer.user, answer.access_token);
  return answer.user;
}

/**
 * SPEC §4 start-up check: no token -> guest ('no access token'); an expired one -> logout with
 * 'access token expired'; otherwise the user is re-read (GET /api/auth/access-token); refused ->
 * 'Failed to login with token.' and logout.
 */
export async function checkStoredToken(): Promise<void> {
  const token = readToken();
  if (!token) {
    set({ status: 'guest', user: null, role: null });
    return;
  }
  // The check may start before the texts are loaded (app/preload.ts): its messages wait for them.
  if (!isTokenValid(token)) {
    await i18nReady;
    endSession('expired', i18n.t('common:session.accessTokenExpired'));
    return;
  }
  try {
    const answer = await api<AuthAnswer>(TOKEN_CHECK_PATH, { on401: 'throw' });
    setSession(answer.user, answer.access_token);
  } catch {
    await i18nReady;
    endSession('token-refused', i18n.t('common:session.loginWithTokenFailed'));
  }
}

// While a logout is under way, a call still in flight (the page's queries, the unread count) may be
// answered 401 because the logout revoked its token: that is no news, and it must not end the session
// as 'unauthorized' (the login page would say the token was invalid, and /logout would be skipped).
let loggingOut = false;

/**
 * /logout: signs out by the user's origin (only our own JWT provider exists) and resets the role.
 * The server revokes the session first, so that a copied token stops working at once; the local
 * sign-out happens whatever the server answers (offline, already revoked).
 */
export async function logout(): Promise<void> {
  loggingOut = true;
  try {
    if (readToken()) await api('/auth/logout', { method: 'POST', on401: 'throw' }).catch(() => undefined);
  } finally {
    loggingOut = false;
  }
  endSession('logout');
}

// SPEC §8: a 401 from any call clears the session (no retry) and the app goes to /login.
setUnauthorizedHandler((error: ApiError) => {
  if (loggingOut) return;
  const expired = error.code === 'token_expired';
  endSession(expired ? 'expired' : 'unauthorized', i18n.t(expired ? 'common:session.accessTokenExpiredApi' : 'common:session.invalidAccessToken'));
});
