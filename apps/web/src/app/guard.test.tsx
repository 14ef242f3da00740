import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation, useRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@wellbe/shared/roles';
import { endSession, setRedirectUrl, setSession } from '../lib/session.ts';
import { fakeUser } from '../test/fixtures.ts';
import { routeTable } from './router.tsx';

// Each page is replaced by its area name: these tests are about where the guard sends people.
vi.mock('./pages.ts', () => ({
  pageFor: (area: string) =>
    function Page() {
      return <h1>page:{area}</h1>;
    },
}));

const toasts = vi.hoisted(() => [] as string[]);
vi.mock('../lib/notify.ts', () => ({ notify: (message: string) => toasts.push(message) }));

function visit(path: string) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function signInAs(role: Role) {
  act(() => setSession(fakeUser(role), 'header.payload.signature'));
}

beforeEach(() => {
  toasts.length = 0;
  endSession('logout');
  setRedirectUrl(null);
});
afterEach(() => localStorage.clear());

describe('route guard (SPEC §4)', () => {
  it('shows a page the role is allowed', async () => {
    signInAs('PR');
    const router = visit('/patients/list');
    expect(await screen.findByRole('heading', { name: 'page:patients' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patients/list');
  });

  it('sends a signed-in user who is not allowed to / (then /dashboard) when no redirect URL is stored', async () => {
    signInAs('PR');
    const router = visit('/user');
    expect(await screen.findByRole('heading', { name: 'page:dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    // Never a silent bounce: a toast says who the page is for.
    expect(toasts).toEqual([expect.stringMatching(/^Accès réservé à : Super Administrateur, .*Gestionnaire/)]);
  });

  it('sends a signed-in user who is not allowed to the stored redirect URL', async () => {
    signInAs('RH');
    setRedirectUrl('/appointment');
    const router = visit('/patients/list');
    expect(await screen.findByRole('heading', { name: 'page:appointments' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/appointment');
  });

  it('sends a user without a role to /login, then back to the requested path after sign-in', async () => {
    const router = visit('/patients/list?q=dupont');
    expect(await screen.findByRole('heading', { name: 'page:login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    signInAs('PR');
    expect(await screen.findByRole('heading', { name: 'page:patients' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/patients/list?q=dupont');
  });

  it('keeps guest-only pages for guests: a signed-in user leaves /login and /forgot-password', async () => {
    signInAs('DE');
    const router = visit('/forgot-password');
    expect(await screen.findByRole('heading', { name: 'page:dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    // Not a page reserved to other roles: no 'Accès réservé' (signing in passes through /login).
    expect(toasts).toEqual([]);
  });

  it('says nothing when the sign-in itself leaves /login', async () => {
    const router = visit('/login');
    expect(await screen.findByRole('heading', { name: 'page:login' })).toBeInTheDocument();
    signInAs('PT');
    expect(await screen.findByRole('heading', { name: 'page:dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(toasts).toEqual([]);
  });

  it('lets a guest open routes without a rule (404, register, notes)', async () => {
    visit('/register');
    expect(await screen.findByRole('heading', { name: 'page:register' })).toBeInTheDocument();
  });

  it('shows the 404 page for an unknown path, signed in or not', async () => {
    const router = visit('/nimporte/quoi');
    expect(await screen.findByRole('heading', { name: 'page:not-found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/nimporte/quoi');
  });

  it('follows the SPEC §2 redirects', async () => {
    signInAs('DE');
    const router = visit('/dietetiques');
    expect(await screen.findByRole('heading', { name: 'page:dietetics' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dietetiques/menu');
  });

  it('refuses developer-only routes to everyone but DE', async () => {
    signInAs('SA');
    const router = visit('/articles');
    expect(await screen.findByRole('heading', { name: 'page:dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  // The app's router is a declarative one (app/app.tsx), which hears of a navigation through a
  // history listener its own layout effect subscribes. A session refused before the router's first
  // commit (a revoked token answered 401 at start-up) has the guard redirect in that same commit:
  // made in a layout effect, before the router's, the redirect changed the address and nothing else
  // — the page stayed a spinner under « Invité » at /login (issue 31, found by users.spec).
  it('sends a guest to /login from the router’s first commit (declarative router, as the app)', async () => {
    function Where() {
      return <output>{useLocation().pathname}</output>;
    }
    function Table() {
      return useRoutes(routeTable);
    }
    render(
      <MemoryRouter initialEntries={['/patients/list']}>
        <Table />
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'page:login' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('/login');
  });
});
