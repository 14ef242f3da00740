import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PolicyVersionDto } from '@wellbe/shared/schemas/policies';
import { i18nReady } from '../../i18n/i18n.ts';
import { setSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { CHROME_FIRST_REQUESTS } from '@wellbe/shared/first-requests';
import type { Role } from '@wellbe/shared/roles';
import { Layout } from './layout.tsx';

const CGU: PolicyVersionDto = {
  id: '44444444-4444-4444-8444-444444444444',
  kind: 'terms',
  version: 2,
  title: 'Conditions générales d’utilisation',
  body: '<p>Version 2.</p>',
  effectiveAt: '2026-11-01T00:00:00.000Z',
  requiresAcceptance: true,
  status: 'published',
  publishedAt: '2026-11-01T00:00:00.000Z',
};

let asked: string[];
let owed: PolicyVersionDto[];
beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      asked.push(path);
      // What the server answers a user who owes an acceptance: the pending list, 403 to the rest.
      if (path === '/api/policies/pending') return new Response(JSON.stringify({ success: true, data: owed }), { headers: { 'content-type': 'application/json' } });
      if (owed.length) return new Response(JSON.stringify({ success: false, error: { code: 'consent_required', message: 'Acceptez les conditions.' } }), { status: 403, headers: { 'content-type': 'application/json' } });
      return new Response(JSON.stringify({ success: true, data: {} }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function openApp(role: Role = 'PR') {
  act(() => setSession(fakeUser(role), 'header.payload.signature'));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Suspense fallback={null}>
          <Layout>
            <p>Page</p>
          </Layout>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('consent gate', () => {
  it('asks nothing but the pending policies while an acceptance is owed', async () => {
    owed = [CGU];
    openApp();
    expect(await screen.findByRole('heading', { name: 'Nos conditions ont changé' })).toBeInTheDocument();
    // The chrome's queries start as it mounts: drawn before the answer, they would be asked by now.
    expect(screen.queryByText('Page')).not.toBeInTheDocument();
    expect([...new Set(asked)]).toEqual(['/api/policies/pending']);
  });

  it('draws the app once nothing is owed', async () => {
    owed = [];
    openApp();
    expect(await screen.findByText('Page')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('/api/organisations/current/settings'));
    expect(asked[0]).toBe('/api/policies/pending');
  });
});

// The HTML sends the chrome's GETs ahead of its code for the roles listed (shared
// CHROME_FIRST_REQUESTS); the client takes an answer only when the chrome asks the same URL.
describe("the chrome's first GETs", () => {
  it.each(['PR', 'PT', 'US'] as const)('are what the chrome asks, as %s', async (role) => {
    owed = [];
    openApp(role);
    expect(await screen.findByText('Page')).toBeInTheDocument();
    const mine = CHROME_FIRST_REQUESTS.filter(({ asks }) => asks(role)).map(({ path }) => `/api${path}`);
    await waitFor(() => expect(asked).toEqual(expect.arrayContaining(mine)));
    // Those of other roles' chromes only: none asked here, so none sent for this role.
    for (const { path } of CHROME_FIRST_REQUESTS.filter(({ asks }) => !asks(role))) expect(asked).not.toContain(`/api${path}`);
  });
});
