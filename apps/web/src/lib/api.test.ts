import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n/i18n.ts';
import { api, apiAction, ApiError, renewingToken, setConsentRequiredHandler } from './api.ts';
import { shouldRetry } from './query-client.ts';
import { getSession, onSessionEnd, setSession } from './session.ts';
import { readToken } from './token.ts';
import { fakeUser } from '../test/fixtures.ts';

vi.mock('./notify.ts', () => ({ notify: vi.fn() }));
const { notify } = await import('./notify.ts');

beforeAll(async () => {
  await i18nReady;
});

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setSession(fakeUser('PR'), 'stored.token.value');
  vi.mocked(notify).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('api client (SPEC §7, §8)', () => {
  it('calls /api with JSON and the bearer token from localStorage', async () => {
    fetchMock.mockResolvedValue(answer(200, { success: true, data: [1] }));
    const result = await apiAction<{ data: number[] }>('/patient', 'list', { Iduser: 'u1' });
    expect(result.data).toEqual([1]);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/patient');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer stored.token.value');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ action: 'list', Iduser: 'u1' });
  });

  it('turns the server error shape into an ApiError with its French message', async () => {
    fetchMock.mockResolvedValue(answer(409, { success: false, error: { code: 'conflict', message: 'Un patient avec ce nom existe déja' } }));
    const error = await api('/patients', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'conflict', message: 'Un patient avec ce nom existe déja' });
    expect(getSession().status).toBe('signed-in');
  });

  it('a 401 clears the session with "Invalid access_token" and is not retried', async () => {
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    fetchMock.mockResolvedValue(answer(401, { success: false, error: { code: 'invalid_token', message: 'Jeton d’accès invalide ou expiré.' } }));
    const error = await api('/patients').catch((e: unknown) => e);
    off();
    expect((error as ApiError).status).toBe(401);
    expect(shouldRetry(0, error)).toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession()).toMatchObject({ status: 'guest', user: null, role: null });
    expect(readToken()).toBeNull();
    expect(notify).toHaveBeenCalledWith('Invalid access_token', 'error');
    // With the user whose session it was (the signed-in fixture).
    expect(ended).toHaveBeenCalledWith('unauthorized', fakeUser('PR').id);
  });

  it('a 401 met while this tab changes the password waits for the new token and is sent again with it', async () => {
    const refused = () => answer(401, { success: false, error: { code: 'invalid_token', message: 'Jeton d’accès invalide ou expiré.' } });
    let answerPassword!: () => void;
    const changed = new Promise<void>((resolve) => (answerPassword = resolve));
    const renewal = renewingToken(async () => {
      await changed;
      setSession(fakeUser('PR'), 'new.token.value');
    });
    // The refusal's body is read by the client: once read, and every continuation queued behind it
    // has run (one macrotask later), a client that did not wait would already have ended the session.
    const first = refused();
    const readBody = first.json.bind(first);
    let read: Promise<unknown> | undefined;
    first.json = () => (read = readBody());
    fetchMock.mockResolvedValueOnce(first).mockResolvedValueOnce(answer(200, { success: true, data: [2] }));
    const pending = api<{ data: number[] }>('/patients');
    await vi.waitFor(() => expect(read).toBeDefined());
    await read;
    await new Promise((resolve) => setImmediate(resolve));
    // Refused with the old token before the password change answered: nothing ends yet.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().status).toBe('signed-in');
    answerPassword();
    await renewal;
    expect((await pending).data).toEqual([2]);
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer new.token.value');
    expect(getSession().status).toBe('signed-in');
    expect(notify).not.toHaveBeenCalled();
  });

  it('a request cancelled by its caller while its old token is refused does not end the session the password change renewed', async () => {
    const refused = () => answer(401, { success: false, error: { code: 'invalid_token', message: 'Jeton d’accès invalide ou expiré.' } });
    const caller = new AbortController();
    const renewal = renewingToken(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      setSession(fakeUser('PR'), 'new.token.value');
    });
    // The query is cancelled (a refetch replaces it) between its refusal and the renewal's end.
    fetchMock.mockImplementationOnce(async () => {
      caller.abort();
      return refused();
    });
    const error = await api('/profil', { method: 'POST', body: {}, signal: caller.signal }).catch((e: unknown) => e);
    await renewal;
    expect((error as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().status).toBe('signed-in');
    expect(readToken()).toBe('new.token.value');
    expect(notify).not.toHaveBeenCalled();
  });

  it('a request cancelled by its caller whose current token is refused still ends the session', async () => {
    const caller = new AbortController();
    fetchMock.mockImplementationOnce(async () => {
      caller.abort();
      return answer(401, { success: false, error: { code: 'invalid_token', message: 'Jeton d’accès invalide ou expiré.' } });
    });
    await expect(api('/patients', { signal: caller.signal })).rejects.toMatchObject({ status: 401 });
    expect(getSession().status).toBe('guest');
  });

  it('a token replaced meanwhile (another tab) is sent once more; refused again, the session ends', async () => {
    const refused = () => answer(401, { success: false, error: { code: 'invalid_token', message: 'Jeton d’accès invalide ou expiré.' } });
    fetchMock.mockImplementationOnce(async () => {
      localStorage.setItem('jwt_access_token', 'other.tab.token');
      return refused();
    });
    fetchMock.mockResolvedValueOnce(refused());
    const error = await api('/patients').catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer other.tab.token');
    expect(getSession().status).toBe('guest');
    expect(notify).toHaveBeenCalledWith('Invalid access_token', 'error');
  });

  it('an expired token answer says "access_token expired"', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, error: { code: 'token_expired', message: 'Jeton d’accès invalide ou expiré.' } }));
    await api('/patients').catch(() => undefined);
    expect(notify).toHaveBeenCalledWith('access_token expired', 'error');
    expect(getSession().status).toBe('guest');
  });

  it('with on401 "throw" the session stays, so the caller can re-authenticate in place', async () => {
    fetchMock.mockResolvedValue(answer(401, { success: false, error: { code: 'invalid_token', message: 'Jeton d’accès invalide ou expiré.' } }));
    await expect(api('/consultation', { method: 'POST', body: {}, on401: 'throw' })).rejects.toMatchObject({ status: 401 });
    expect(getSession().status).toBe('signed-in');
    expect(readToken()).toBe('stored.token.value');
  });

  it('gives up after 25 seconds with a French timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = api('/patients').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(24_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/25 secondes/);
  });

  it('retries network failures and server errors, never a 4xx', () => {
    expect(shouldRetry(0, new ApiError(0, 'network', 'x'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'unavailable', 'x'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'unavailable', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'forbidden', 'x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'x'))).toBe(false);
  });
});

// index.html's code loader sends the first render's GETs as the frame is painted (shared boot.ts,
// first-requests.ts); the client takes each answer once, if it was sent with the session's token.
describe('answers the HTML sent before the app ran', () => {
  const sentByHtml = (url: string, token: string, body: unknown) => {
    (globalThis as { wbEarly?: Record<string, unknown> }).wbEarly = { [url]: { token, answer: Promise.resolve(answer(200, body)) } };
  };
  afterEach(() => {
    delete (globalThis as { wbEarly?: unknown }).wbEarly;
  });

  it('takes the answer once, then asks the server', async () => {
    sentByHtml('/api/policies/pending', 'stored.token.value', { success: true, data: ['early'] });
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { success: true, data: ['fetched'] })));
    expect(await api('/policies/pending')).toEqual({ success: true, data: ['early'] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(await api('/policies/pending')).toEqual({ success: true, data: ['fetched'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves an answer sent with another token, and any for another path or method', async () => {
    sentByHtml('/api/policies/pending', 'an.older.token', { success: true, data: ['early'] });
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { success: true, data: ['fetched'] })));
    expect(await api('/policies/pending')).toEqual({ success: true, data: ['fetched'] });
    sentByHtml('/api/policies/pending', 'stored.token.value', { success: true, data: ['early'] });
    await api('/policies/pending', { method: 'POST', body: {} });
    await api('/dietetics/my-menu');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  // The token's check renews the token at each load, before the dashboard's cards ask for their
  // data: an answer sent with the token it replaced is the same session's, same user and rights.
  it('takes an answer sent with the token the session renewed since, never one of another session, user or rights', async () => {
    const jwt = (claims: Record<string, unknown>) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
    const claims = { sub: 'u1', sid: 's1', role: 'PR', org: 'o1', tv: 3, iat: 100, exp: 4_000_000_000 };
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { success: true, data: ['fetched'] })));
    setSession(fakeUser('PR'), jwt({ ...claims, iat: 200, exp: 4_000_000_100 }));
    sentByHtml('/api/dashboard', jwt(claims), { success: true, data: ['early'] });
    expect(await api('/dashboard')).toEqual({ success: true, data: ['early'] });
    expect(fetchMock).not.toHaveBeenCalled();
    for (const other of [{ sid: 's2' }, { sub: 'u2' }, { tv: 4 }, { role: 'PA' }, { org: 'o2' }]) {
      sentByHtml('/api/dashboard', jwt({ ...claims, ...other }), { success: true, data: ['early'] });
      expect(await api('/dashboard'), JSON.stringify(other)).toEqual({ success: true, data: ['fetched'] });
    }
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  // A patient who owed a policy: the page's first GETs, sent with the frame, were refused 403; once
  // they accept it the page asks, and must get its data, not the refusal of before.
  it('asks again for an answer the HTML sent that was refused 403, without calling for the consent again', async () => {
    const refused = { success: false, error: { code: 'consent_required', message: 'Acceptez les conditions.' } };
    (globalThis as { wbEarly?: Record<string, unknown> }).wbEarly = { '/api/dashboard': { token: 'stored.token.value', answer: Promise.resolve(answer(403, refused)) } };
    fetchMock.mockImplementation(() => Promise.resolve(answer(200, { success: true, data: ['fetched'] })));
    const consent = vi.fn();
    setConsentRequiredHandler(consent);
    expect(await api('/dashboard')).toEqual({ success: true, data: ['fetched'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(consent).not.toHaveBeenCalled();
  });

  it('ends a session the server refused through the sent answer, as for any 401', async () => {
    (globalThis as { wbEarly?: Record<string, unknown> }).wbEarly = {
      '/api/dietetics/my-menu': { token: 'stored.token.value', answer: Promise.resolve(answer(401, { success: false, error: { code: 'invalid_token', message: 'Jeton invalide.' } })) },
    };
    const ended = vi.fn();
    const off = onSessionEnd(ended);
    await expect(api('/dietetics/my-menu')).rejects.toMatchObject({ status: 401 });
    off();
    expect(ended).toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
