import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n/i18n.ts';
import { checkStoredToken, endSession, getSession, logout, onSessionEnd, setSession, signIn, updateSessionUser } from './session.ts';
import { storedGreetingName } from './greeting-name.ts';
import { api } from './api.ts';
import { readToken, writeToken } from './token.ts';
import { fakeUser } from '../test/fixtures.ts';

vi.mock('./notify.ts', () => ({ notify: vi.fn() }));
const { notify } = await import('./notify.ts');

const b64 = (v: object) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (expSeconds: number) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 'u', exp: expSeconds })}.c2ln`;
const now = () => Math.floor(Date.now() / 1000);

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  endSession('logout');
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// SPEC §4 start-up check of the stored token.
describe('checkStoredToken', () => {
  it('with no token: a guest, no call, no message', async () => {
    await checkStoredToken();
    expect(getSession()).toMatchObject({ status: 'guest', role: null });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('an expired token: logged out with "access token expired", without asking the server', async () => {
    writeToken(jwt(now() - 10));
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(readToken()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('access token expired', 'error');
  });

  it('a valid token: the user is re-read and the renewed token stored', async () => {
    const token = jwt(now() + 3600);
    writeToken(token);
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: true, user: fakeUser('PA'), access_token: 'renewed.token.x' }), { status: 200 }));
    await checkStoredToken();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/access-token');
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${token}`);
    expect(getSession()).toMatchObject({ status: 'signed-in', role: 'PA' });
    expect(readToken()).toBe('renewed.token.x');
  });

  it('a token the server refuses: "Failed to login with token." and logout', async () => {
    writeToken(jwt(now() + 3600));
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: false, error: { code: 'invalid_token', message: 'x' } }), { status: 401 }));
    await checkStoredToken();
    expect(getSession().status).toBe('guest');
    expect(readToken()).toBeNull();
    expect(notify).toHaveBeenCalledWith('Failed to login with token.', 'error');
  });
});

// The name the frame of /dashboard greets with before any script (issue 31, greeting-name.ts).
describe('the stored greeting name', () => {
  it('is the first name of the signed-in user, their display name without one, and is forgotten when the session ends', () => {
    setSession(fakeUser('PR', { firstName: 'Julien' }), 'a.b.c');
    expect(storedGreetingName()).toBe('Julien');
    updateSessionUser(fakeUser('PR', { firstName: '', displayName: 'Dr Moreau' }));
    expect(storedGreetingName()).toBe('Dr Moreau');
    endSession('logout');
    expect(storedGreetingName()).toBeNull();
  });
});

describe('signIn', () => {
  it('rejects with the server message and keeps the user signed out', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: false, error: { code: 'login_failed', message: 'Identifiant ou mot de passe incorrect.' } }), { status: 401 }));
    await expect(signIn('pr', 'faux')).rejects.toThrow('Identifiant ou mot de passe incorrect.');
    expect(getSession().status).toBe('guest');
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('logout', () => {
  it('ends the session as a logout even when a call in flight is answered 401 by the revocation', async () => {
    writeToken(jwt(now() + 3600));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: true, user: fakeUser('AD'), access_token: 'a.b.c' }), { status: 200 }));
    await checkStoredToken();
    expect(getSession().status).toBe('signed-in');
    const reasons: string[] = [];
    const stop = onSessionEnd((reason) => reasons.push(reason));
    // The logout's answer waits until the page's query has been refused by the revoked token.
    let answerLogout: (r: Response) => void = () => {};
    fetchMock.mockImplementation((url: string) =>
      url === '/api/auth/logout'
        ? new Promise<Response>((resolve) => (answerLogout = resolve))
        : Promise.resolve(new Response(JSON.stringify({ success: false, error: { code: 'invalid_token', message: 'x' } }), { status: 401 })),
    );
    const out = logout();
    await expect(api('/patients')).rejects.toThrow();
    answerLogout(new Response(null, { status: 204 }));
    await out;
    stop();
    expect(reasons).toEqual(['logout']);
    expect(notify).not.toHaveBeenCalled();
    expect(getSession().status).toBe('guest');
  });
});
