import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarly } from '../lib/early-requests.ts';
import { preloadRoute } from './preload.ts';
import { urlFirstRequests } from '@wellbe/shared/first-requests';

// The MUI chunk (and the theme's locale it loads) is not what this test is about: left to load,
// its imports outlived the test environment and failed the run after the test had passed.
vi.mock('../lib/mui.ts', () => ({ loadMui: () => new Promise(() => {}), prefetchMui: () => undefined, useMuiModule: () => null }));

// Issue 31: the chrome draws nothing before the answer of /api/policies/pending (consent gate), and
// the page's own requests wait for the chrome. Asked only once the token check had answered, it
// cost every signed-in first load one round trip: it now starts with the token check.

/** A JWT whose claims the client reads (expiry in an hour); the signature is the server's business. */
function storedToken(role = 'PR'): string {
  const claims = btoa(JSON.stringify({ sub: 'u1', role, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `e30.${claims}.sig`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('preloadRoute for a signed-in first load', () => {
  it('asks which policies are owed while the token check is still unanswered', async () => {
    localStorage.setItem('jwt_access_token', storedToken());
    const asked: string[] = [];
    // No answer ever comes: whatever is asked is asked before the token check has answered.
    vi.stubGlobal('fetch', vi.fn((url: RequestInfo | URL) => (asked.push(String(url)), new Promise<Response>(() => {}))));
    preloadRoute('/dashboard');
    await vi.waitFor(() => expect(asked.some((url) => url.includes('/api/policies/pending'))).toBe(true), { timeout: 20_000 });
    expect(asked.some((url) => url.includes('/api/auth/access-token'))).toBe(true);
    // The consent gate's first query takes that answer, once: a later check asks the server again.
    expect(asked.filter((url) => url.includes('/api/policies/pending'))).toHaveLength(1);
    expect(takeEarly('/policies/pending')).toBeInstanceOf(Promise);
    expect(takeEarly('/policies/pending')).toBeUndefined();
  }, 30_000);
});

describe("preloadRoute: a page's first GETs from the entry (shared first-requests.ts)", () => {
  const ID = '8c4b2f85-57dd-4ce4-a477-5c574ac8d07a';
  /** The server's fetch: the policies owed are `owed`; every other request stays unanswered. */
  const server = (asked: string[], owed: unknown[] = []) =>
    vi.fn((url: RequestInfo | URL) => {
      const path = new URL(String(url), 'http://localhost').pathname;
      asked.push(path);
      if (path !== '/api/policies/pending') return new Promise<Response>(() => {});
      return Promise.resolve(new Response(JSON.stringify({ success: true, data: owed }), { status: 200, headers: { 'content-type': 'application/json' } }));
    });

  it('sends the patient file and its measures once the policies are known to be owed none, each taken once by its query', async () => {
    localStorage.setItem('jwt_access_token', storedToken());
    const asked: string[] = [];
    vi.stubGlobal('fetch', server(asked));
    preloadRoute(`/patient/dossier/${ID}`);
    await vi.waitFor(() => expect(asked).toContain(`/api/patients/${ID}/measures`), { timeout: 20_000 });
    expect(asked.indexOf('/api/policies/pending')).toBeLessThan(asked.indexOf(`/api/patients/${ID}`));
    expect(takeEarly(`/patients/${ID}`)).toBeInstanceOf(Promise);
    expect(takeEarly(`/patients/${ID}`)).toBeUndefined();
    expect(takeEarly(`/patients/${ID}/measures`)).toBeInstanceOf(Promise);
    void takeEarly('/policies/pending');
  }, 30_000);

  // Issue 20: from a user who owes an acceptance the server refuses everything but the consent's own
  // calls, and journals each refusal; the page asks for its data once the consent gate lets it through.
  it('sends none of the page\'s GETs for a user who owes a policy', async () => {
    localStorage.setItem('jwt_access_token', storedToken('PT'));
    const asked: string[] = [];
    vi.stubGlobal('fetch', server(asked, [{ id: 'cgu-2' }]));
    preloadRoute('/dietetiques/mon-menu');
    const pending = takeEarly<{ data: unknown[] }>('/policies/pending');
    expect(await pending).toEqual({ success: true, data: [{ id: 'cgu-2' }] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).not.toContain('/api/dietetics/my-menu');
    expect(takeEarly('/dietetics/my-menu')).toBeUndefined();
  }, 30_000);

  // The agenda's period depends on two answers (whose agendas, the organisation's zone): its module
  // (features/agenda/lib/period-request.ts) sends it once they are in, not once the page has rendered.
  it("sends the agenda's first period once the agendas and the settings have answered, and not for a user who owes a policy", async () => {
    const json = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { 'content-type': 'application/json' } }));
    const agendaServer = (asked: string[], owed: unknown[]) =>
      vi.fn((url: RequestInfo | URL) => {
        const { pathname, search } = new URL(String(url), 'http://localhost');
        asked.push(pathname + search);
        if (pathname === '/api/policies/pending') return json(owed);
        if (pathname === '/api/agenda/practitioners') return json([{ id: 'u1', username: 'jmoreau', displayName: 'Julien Moreau', job: null, jobSpecialistId: null }]);
        if (pathname === '/api/organisations/current/settings') return json({ timeZone: 'Europe/Paris' });
        return new Promise<Response>(() => {});
      });
    localStorage.setItem('jwt_access_token', storedToken('PR'));
    const asked: string[] = [];
    vi.stubGlobal('fetch', agendaServer(asked, []));
    preloadRoute('/agenda/moi/jour/2026-12-02');
    const week = '/api/agenda/appointments?from=2026-12-01T23%3A00%3A00.000Z&to=2026-12-02T23%3A00%3A00.000Z&practitioners=u1';
    await vi.waitFor(() => expect(asked).toContain(week), { timeout: 20_000 });
    expect(takeEarly(week.replace(/^\/api/, ''))).toBeInstanceOf(Promise);
    for (const path of ['/policies/pending', '/agenda/practitioners', '/organisations/current/settings']) void takeEarly(path);

    const refused: string[] = [];
    vi.stubGlobal('fetch', agendaServer(refused, [{ id: 'cgu-2' }]));
    preloadRoute('/agenda/moi/jour/2026-12-03');
    expect(await takeEarly<{ data: unknown[] }>('/policies/pending')).toMatchObject({ data: [{ id: 'cgu-2' }] });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refused.filter((url) => url.startsWith('/api/agenda'))).toEqual([]);
  }, 30_000);

  it("sends a patient's menu of the day for the patient, and nothing for a role the page sends away", async () => {
    localStorage.setItem('jwt_access_token', storedToken('PT'));
    const asked: string[] = [];
    vi.stubGlobal('fetch', server(asked));
    preloadRoute('/dietetiques/mon-menu');
    await vi.waitFor(() => expect(asked).toContain('/api/dietetics/my-menu'), { timeout: 20_000 });
    expect(takeEarly('/dietetics/my-menu')).toBeInstanceOf(Promise);
    void takeEarly('/policies/pending');
    // An HR user opening a file: sent away by the guard, no patient data asked for, where a
    // practitioner's is.
    localStorage.setItem('jwt_access_token', storedToken('RH'));
    preloadRoute(`/patient/dossier/${ID}`);
    await vi.waitFor(() => expect(asked.filter((path) => path === '/api/policies/pending')).toHaveLength(2));
    void takeEarly('/policies/pending');
    localStorage.setItem('jwt_access_token', storedToken('PR'));
    preloadRoute(`/patient/dossier/${ID}`);
    await vi.waitFor(() => expect(asked).toContain(`/api/patients/${ID}`));
    expect(asked.filter((path) => path === `/api/patients/${ID}`)).toHaveLength(1);
    expect(takeEarly(`/patients/${ID}`)).toBeInstanceOf(Promise);
  }, 30_000);

  it('declares the measures only for the tab that shows them, and nothing for an id that is not one', () => {
    expect(urlFirstRequests('patient', `/patient/dossier/${ID}`)).toEqual([`/patients/${ID}`, `/patients/${ID}/measures`]);
    expect(urlFirstRequests('patient', `/patient/consultations/${ID}/c1`)).toEqual([`/patients/${ID}`]);
    expect(urlFirstRequests('patient', '/patient/dossier/..%2Fusers')).toEqual([]);
    expect(urlFirstRequests('patient', `/patient/dossier/${ID}"><script>`)).toEqual([]);
    expect(urlFirstRequests('patient', '/patient/dossier')).toEqual([]);
  });
});
