import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarly } from '../lib/early-requests.ts';
import { preloadRoute } from './preload.ts';

// The MUI chunk (and the theme's locale it loads) is not what this test is about: left to load,
// its imports outlived the test environment and failed the run after the test had passed.
vi.mock('../lib/mui.ts', () => ({ loadMui: () => new Promise(() => {}), prefetchMui: () => undefined, useMuiModule: () => null }));

// Issue 31: the chrome draws nothing before the answer of /api/policies/pending (consent gate), and
// the page's own requests wait for the chrome. Asked only once the token check had answered, it
// cost every signed-in first load one round trip: it now starts with the token check.

/** A JWT whose claims the client reads (expiry in an hour); the signature is the server's business. */
function storedToken(): string {
  const claims = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
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
