import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Organisation } from '@wellbe/shared/schemas/organisations';
import { i18nReady } from '../../i18n/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { setSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { OrganisationsPage } from './organisations-page.tsx';

// /organizations against a small fake of the API: the organisations list (search kept in the URL)
// and the job specialities on the reference-table kit.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

const org = (idOrganization: string, name: string, extra: Partial<Organisation> = {}): Organisation => ({
  idOrganization,
  name,
  address: '1 rue de la Paix, 75002 Paris',
  phone: '01 23 45 67 89',
  email: 'accueil@example.fr',
  siret: '55208131766522',
  logoUrl: null,
  active: true,
  deactivatedAt: null,
  deactivationReason: null,
  userCount: 3,
  patientCount: 12,
  createdAt: '2026-01-01T00:00:00Z',
  ...extra,
});
const ORGANISATIONS = [org('o1', 'Cabinet Démo'), org('o2', 'Centre Santé Nord', { active: false, deactivationReason: 'Fermeture', deactivatedAt: '2026-10-01T00:00:00Z' })];
const SPECIALITIES = [
  { id: 1, idJobSpecialist: 1, label: 'Médecin généraliste', labels: { fr: 'Médecin généraliste', en: 'General practitioner', tr: 'Pratisyen hekim', ar: 'طبيب عام' }, position: 0, active: true, dietetic: false },
  { id: 2, idJobSpecialist: 2, label: 'Diététicien', labels: { fr: 'Diététicien', en: 'Dietitian', tr: 'Diyetisyen', ar: 'أخصائي تغذية' }, position: 1, active: true, dietetic: true },
];
let requests: URL[];

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
function fakeApi(input: string): Promise<Response> {
  const url = new URL(input, 'http://localhost');
  requests.push(url);
  if (url.pathname === '/api/organisations') {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const data = ORGANISATIONS.filter((o) => o.name.toLowerCase().includes(q));
    return Promise.resolve(json({ data, total: data.length, page: 1, pageSize: 25 }));
  }
  if (url.pathname === '/api/specialists') return Promise.resolve(json({ success: true, data: SPECIALITIES }));
  return Promise.resolve(new Response(JSON.stringify({ success: false, error: { code: 'not_found', message: 'Introuvable.' } }), { status: 404 }));
}

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  act(() => setSession(fakeUser('SA'), 'header.payload.signature'));
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/organizations', element: <Suspense fallback="…"><OrganisationsPage /></Suspense> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('/organizations', () => {
  it('lists the organisations with their counts and status', async () => {
    renderAt('/organizations');
    const row = await screen.findByRole('row', { name: /Cabinet Démo/ }, { timeout: 5000 });
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('3');
    expect(within(row).getAllByRole('cell')[5]).toHaveTextContent('12');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Centre Santé Nord/ })).getByText('Désactivée')).toBeInTheDocument();
  });

  // Right to left, « 01 23 45 67 89 » read « 89 67 45 23 01 »: the phone is isolated left to right.
  it('keeps an organisation’s phone left to right', async () => {
    renderAt('/organizations');
    const row = await screen.findByRole('row', { name: /Cabinet Démo/ }, { timeout: 5000 });
    expect(within(row).getByText('01 23 45 67 89').closest('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it('the typed search goes into the URL', async () => {
    const router = renderAt('/organizations');
    fireEvent.change(await screen.findByRole('textbox', { name: 'Rechercher (nom, adresse, SIRET)' }), { target: { value: 'nord' } });
    await waitFor(() => expect(screen.queryByRole('row', { name: /Cabinet Démo/ })).toBeNull());
    expect(router.state.location.search).toBe('?q=nord');
    expect(requests.at(-1)!.searchParams.get('q')).toBe('nord');
  });

  it('opened with ?q= (a reload), it searches at once and shows the search', async () => {
    renderAt('/organizations?q=nord&page=1');
    expect(await screen.findByRole('textbox', { name: 'Rechercher (nom, adresse, SIRET)' })).toHaveValue('nord');
    expect(await screen.findByRole('row', { name: /Centre Santé Nord/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Cabinet Démo/ })).toBeNull();
    expect(requests.filter((u) => u.pathname === '/api/organisations').every((u) => u.searchParams.get('q') === 'nord')).toBe(true);
  });

  it('the specialities tab is the reference-table kit with the dietetic field; the general profile stays in service', async () => {
    renderAt('/organizations');
    fireEvent.click(await screen.findByRole('tab', { name: 'Spécialités' }));
    const table = await screen.findByRole('table', { name: 'Spécialités' });
    const general = await within(table).findByRole('row', { name: /Médecin généraliste/ });
    expect(within(general).getByText('Non')).toBeInTheDocument();
    expect(within(within(table).getByRole('row', { name: /Diététicien/ })).getByText('Oui')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Champs diététiques' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mettre hors service : Médecin généraliste' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Mettre hors service : Diététicien' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier Médecin généraliste' }));
    expect(within(screen.getByRole('dialog', { name: 'Modifier la spécialité' })).getByRole('switch', { name: 'Profil général : sans champs diététiques' })).toBeDisabled();
  });

  it('tells a role outside the organisation group that the page is reserved, and asks nothing', async () => {
    act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
    renderAt('/organizations');
    expect(await screen.findByText(/Accès réservé/)).toBeInTheDocument();
    expect(requests.filter((u) => u.pathname === '/api/organisations')).toHaveLength(0);
  });
});
