import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { i18nReady } from '../../i18n/i18n.ts';
import { useOrganisationSettings } from '../../lib/organisation-settings.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { setSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { JournalTab } from './components/journal-tab.tsx';
import { SettingsTab } from './components/settings-tab.tsx';

// /admin screens against a small fake of the API: 'Paramètres' and 'Journal d'accès'.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

const ORG = '00000000-0000-4000-8000-0000000000aa';
let stored: OrganisationSettingsValues;
let calls: { method: string; url: URL; body: unknown }[];

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeApi(input: string, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input, 'http://localhost');
  const method = init.method ?? 'GET';
  calls.push({ method, url, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
  if (url.pathname === '/api/organisations/current/settings') return Promise.resolve(json({ success: true, data: stored }));
  if (url.pathname === '/api/admin/settings' && method === 'GET') return Promise.resolve(json({ success: true, data: stored }));
  if (url.pathname === '/api/admin/settings' && method === 'PUT') {
    stored = JSON.parse(init.body as string) as OrganisationSettingsValues;
    return Promise.resolve(json({ success: true, data: stored }));
  }
  if (url.pathname === '/api/admin/journal') {
    const action = url.searchParams.get('action') ?? '';
    const rows = [
      { id: 1, at: '2026-11-23T08:30:00Z', userName: 'Julien Moreau', username: 'pr', role: 'PR', action: 'patient.read', recordType: 'patient', patientName: 'Hélène Martin', outcome: 'success', ip: '127.0.0.1' },
      { id: 2, at: '2026-11-23T09:00:00Z', userName: null, username: null, role: null, action: 'auth.login', recordType: 'user', patientName: null, outcome: 'denied', ip: '10.0.0.9' },
    ].filter((r) => r.action.includes(action));
    return Promise.resolve(json({ data: rows, total: rows.length, page: 1, pageSize: 50, timeZone: 'Europe/Paris' }));
  }
  if (url.pathname === '/api/admin/journal.csv') {
    return Promise.resolve(new Response('date;action\n', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="journal-acces.csv"' } }));
  }
  return Promise.resolve(json({ success: false, error: { code: 'not_found', message: 'Introuvable.' } }, 404));
}

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  stored = { language: 'fr', navbarStyle: 'style-1', uploadLimitBytes: 20_000_000, timeZone: 'Europe/Paris', sessionMaxHours: 12, mfaRequired: false, consultationLockHours: 24 };
  calls = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  act(() => setSession(fakeUser('PA', {}), 'header.payload.signature'));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderWithRouter(element: ReactNode, url = '/admin') {
  const router = createMemoryRouter([{ path: '/admin', element: <Suspense fallback="…">{element}</Suspense> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** What the rest of the app sees of the organisation's settings (language, limits, time zone). */
function AppliedSettings() {
  const settings = useOrganisationSettings();
  return <output aria-label="appliqués">{`${settings.uploadLimitBytes} ${settings.timeZone}`}</output>;
}

describe("'Paramètres' tab", () => {
  it('a save refreshes the settings every screen uses at once (not after their 5-minute stale time)', async () => {
    renderWithRouter(
      <>
        <SettingsTab />
        <AppliedSettings />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('appliqués')).toHaveTextContent('20000000 Europe/Paris'));
    const limit = await screen.findByRole('spinbutton', { name: /Taille maximale/ });
    await waitFor(() => expect(limit).toHaveValue(20_000_000));
    fireEvent.change(limit, { target: { value: '5000000' } });
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByLabelText('appliqués')).toHaveTextContent('5000000 Europe/Paris'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url.searchParams.get('organizationId')).toBe(ORG);
    expect(put.body).toMatchObject({ uploadLimitBytes: 5_000_000 });
  });

  it('refuses a limit above 50 MB with the French message and does not save', async () => {
    renderWithRouter(<SettingsTab />);
    const limit = await screen.findByRole('spinbutton', { name: /Taille maximale/ });
    await waitFor(() => expect(limit).toHaveValue(20_000_000));
    fireEvent.change(limit, { target: { value: '60000000' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeDisabled());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('is read-only for a role outside the administrators', async () => {
    act(() => setSession(fakeUser('AD'), 'header.payload.signature'));
    renderWithRouter(<SettingsTab />);
    expect(await screen.findByText(/Seuls les administrateurs/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(await screen.findByRole('spinbutton', { name: /Taille maximale/ })).toBeDisabled();
  });
});

describe("'Journal d'accès' tab", () => {
  it('shows the events, filters by a typed action kept in the URL, and exports the filtered view', async () => {
    const router = renderWithRouter(<JournalTab />);
    const table = await screen.findByRole('table', { name: /Journal d.accès/ });
    expect(await within(table).findByText('Hélène Martin')).toBeInTheDocument();
    expect(within(table).getByText('Anonyme')).toBeInTheDocument();
    expect(within(table).getByText('Refusé')).toBeInTheDocument();
    expect(within(table).getByText('23/11/2026 09:30:00')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Action' }), { target: { value: 'auth' } });
    await waitFor(() => expect(within(table).queryByText('Hélène Martin')).toBeNull());
    expect(router.state.location.search).toBe('?action=auth');
    expect(calls.filter((c) => c.url.pathname === '/api/admin/journal').at(-1)!.url.searchParams.get('action')).toBe('auth');

    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    fireEvent.click(screen.getByRole('button', { name: 'Exporter en CSV' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/journal.csv')).toBe(true));
    const csv = calls.find((c) => c.url.pathname === '/api/admin/journal.csv')!;
    expect(csv.url.searchParams.get('action')).toBe('auth');
    const init = vi.mocked(fetch).mock.calls.find(([u]) => String(u).startsWith('/api/admin/journal.csv'))![1]!;
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer header.payload.signature');
  });

  it('a reload keeps the filters: they are read back from the URL', async () => {
    renderWithRouter(<JournalTab />, '/admin?action=auth&outcome=denied');
    expect(await screen.findByRole('textbox', { name: 'Action' })).toHaveValue('auth');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin/journal')).toBe(true));
    const request = calls.find((c) => c.url.pathname === '/api/admin/journal')!;
    expect(request.url.searchParams.get('action')).toBe('auth');
    expect(request.url.searchParams.get('outcome')).toBe('denied');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Action' })).toHaveValue(''));
  });
});
