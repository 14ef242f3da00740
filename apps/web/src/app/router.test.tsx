import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@wellbe/shared/roles';
import { endSession, setSession } from '../lib/session.ts';
import { fakeUser } from '../test/fixtures.ts';
import { routeTable } from './router.tsx';

// Each page is one component per area (as pages.ts's lazy pages are) that counts its mounts: these
// tests are about when moving to another path draws the page anew.
const mounts = vi.hoisted(() => new Map<string, number>());
vi.mock('./pages.ts', () => {
  const pages = new Map<string, () => React.JSX.Element>();
  return {
    pageFor: (area: string) => {
      if (!pages.has(area)) {
        pages.set(area, function Page() {
          useEffect(() => void mounts.set(area, (mounts.get(area) ?? 0) + 1), []);
          return <h1>page:{area}</h1>;
        });
      }
      return pages.get(area)!;
    },
  };
});

async function visit(role: Role, path: string, area: string) {
  mounts.clear();
  act(() => setSession(fakeUser(role), 'header.payload.signature'));
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  expect(await screen.findByRole('heading', { name: `page:${area}` })).toBeInTheDocument();
  return router;
}

afterEach(() => {
  cleanup();
  endSession('logout');
  localStorage.clear();
});

describe('one page per area, or per path', () => {
  it.each([
    ['agenda', '/agenda', ['/agenda/moi/jour/2026-03-02', '/agenda/moi/semaine/2026-03-02', '/agenda/pr']],
    ['dietetics', '/dietetiques/menu', ['/dietetiques/menu/2026-03-02', '/dietetiques/menu/2026-03-09']],
  ])('keeps the %s page mounted across its addresses (opened on its full address without a second draw)', async (area, first, next) => {
    const router = await visit('PA', first, area);
    for (const path of next) {
      await act(() => router.navigate(path, { replace: true }));
      expect(router.state.location.pathname).toBe(path);
      expect(screen.getByRole('heading', { name: `page:${area}` })).toBeInTheDocument();
    }
    expect(mounts.get(area)).toBe(1);
  });

  it('draws a catalog anew on another catalog’s path (its search and page do not carry over)', async () => {
    const router = await visit('DE', '/bodyparts', 'catalogs');
    await act(() => router.navigate('/exercices'));
    expect(router.state.location.pathname).toBe('/exercices');
    expect(screen.getByRole('heading', { name: 'page:catalogs' })).toBeInTheDocument();
    expect(mounts.get('catalogs')).toBe(2);
  });
});
