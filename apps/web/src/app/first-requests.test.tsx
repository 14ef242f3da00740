import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_FIRST_REQUESTS } from '@wellbe/shared/first-requests';
import { ROUTES, type Area } from '@wellbe/shared/routes';
import type { Role } from '@wellbe/shared/roles';
import { i18nReady } from '../i18n/i18n.ts';
import { fakeUser } from '../test/fixtures.ts';
import { fakeApi, renderAs } from '../test/render.tsx';
import { pageFor } from './pages.ts';

// The HTML sends a page's first GETs for the roles listed in shared ROLE_FIRST_REQUESTS, with the
// policies' answer; the client takes an answer only for the URL a query asks, to the letter (lib/api.ts).
// A page that asks otherwise (another path, another query string, another order) would leave the
// early answer untaken and ask again: each page, rendered as each role listed, must ask for each.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const cases = Object.entries(ROLE_FIRST_REQUESTS).flatMap(([area, byRole]) =>
  Object.entries(byRole ?? {}).map(([role, paths]) => ({ area: area as Area, role: role as Role, paths: paths ?? [] })),
);

describe('the GETs the HTML sends ahead of a page', () => {
  it.each(cases)('$area, as $role: the page asks for each, as written', async ({ area, role, paths }) => {
    const route = ROUTES.find((rule) => rule.area === area);
    expect(route, area).toBeDefined();
    const requests = fakeApi({});
    const Page = pageFor(area);
    renderAs(fakeUser(role, role === 'PT' ? { idPatient: '00000000-0000-4000-8000-0000000000p1' } : {}), <Page area={area} />, { path: route!.path, url: route!.path });
    const asked = () => requests.filter((r) => r.method === 'GET').map((r) => `${r.path.replace(/^\/api/, '')}${r.query.size ? `?${r.query.toString()}` : ''}`);
    expect(paths.length).toBeGreaterThan(0);
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining([...paths])), { timeout: 10_000 });
  });
});
