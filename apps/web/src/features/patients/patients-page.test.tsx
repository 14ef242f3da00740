import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PatientTablePage } from '@wellbe/shared/schemas/patient-files';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { PatientsPage } from './patients-page.tsx';

// /patients/list: the server's page of patients and its count; the search goes to the server;
// 'Nouveau patient' for the roles that write files (SPEC §6 dpsWrite), the archived files for SA
// and DE only.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const row = (idPatient: string, FullName: string, archivedAt: string | null = null) => ({ idPatient, FullName, PhoneNumber: '0612345678', Email: `${idPatient}@example.fr`, birthDate: '1980-05-17', lastConsultationAt: null, consultationCount: 2, archivedAt });
const page = (data: ReturnType<typeof row>[]): PatientTablePage => ({ success: true, data, total: data.length, page: 1, pageSize: 25, nextCursor: null, totalCapped: false });
const PAGE = { path: '/patients/list' };
const SUMMARY = { data: { average: null, count: 0, recommendRate: null } };

describe('/patients/list', () => {
  it('shows a practitioner the page and its count, searches on the server and offers a new patient', async () => {
    const requests = fakeApi({
      'GET /api/patients': (r: { query: URLSearchParams }) => (r.query.get('q') ? page([row('p2', 'Zoé Laurent')]) : page([row('p1', 'Louis Martin'), row('p2', 'Zoé Laurent')])),
      'GET /api/notices/summary': SUMMARY,
    });
    renderAs('PR', <PatientsPage />, PAGE);
    expect(await screen.findByText('2 patients')).toBeInTheDocument();
    expect((await screen.findAllByText('Louis Martin')).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Nouveau patient' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Dossiers archivés')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/^Rechercher un patient/), { target: { value: 'zoe' } });
    expect(await screen.findByText('1 patient')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/patients' && r.query.get('q') === 'zoe')).toBe(true);
    expect(requests.every((r) => r.path !== '/api/patients' || !r.query.has('archived'))).toBe(true);
  });

  it('lets the super administrator list the archived files, without creating one', async () => {
    const requests = fakeApi({
      'GET /api/patients': (r: { query: URLSearchParams }) => (r.query.get('archived') === '1' ? page([row('p9', 'Anne Archivée', '2026-01-10T10:00:00Z')]) : page([row('p1', 'Louis Martin')])),
      'GET /api/notices/summary': SUMMARY,
    });
    renderAs('SA', <PatientsPage />, PAGE);
    expect((await screen.findAllByText('Louis Martin')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Nouveau patient' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Dossiers archivés'));
    expect((await screen.findAllByText('Anne Archivée')).length).toBeGreaterThan(0);
    await waitFor(() => expect(requests.some((r) => r.path === '/api/patients' && r.query.get('archived') === '1')).toBe(true));
  });

  // The rows and cards are plain elements (components/paged-table.tsx `plainTable`): each opens its
  // file, the row from the keyboard too, and the card is a button named for the patient.
  it('opens a file from its row with the keyboard', async () => {
    fakeApi({ 'GET /api/patients': page([row('p1', 'Louis Martin')]), 'GET /api/notices/summary': SUMMARY });
    const router = renderAs('PR', <PatientsPage />, PAGE);
    const tableRow = await screen.findByRole('row', { name: 'Ouvrir le dossier de Louis Martin' });
    expect(tableRow).toHaveAttribute('tabindex', '0');
    fireEvent.keyDown(tableRow, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/patient/dossier/p1'));
  });

  it('marks the rows of the followed patients with new diary entries, from one request for the whole page', async () => {
    const requests = fakeApi({
      'GET /api/patients': page([row('p1', 'Louis Martin'), row('p2', 'Zoé Laurent'), row('p3', 'Anne Petit')]),
      'GET /api/notices/summary': SUMMARY,
      'GET /api/diary/notifications': { success: true, data: { count: 3, patients: [{ idPatient: 'p2', FullName: 'Zoé Laurent', count: 3 }] } },
    });
    renderAs('PR', <PatientsPage />, PAGE);
    await waitFor(() => expect(screen.getByRole('row', { name: 'Ouvrir le dossier de Zoé Laurent' })).toHaveTextContent('3 nouvelles entrées de journal'));
    expect(screen.getByRole('row', { name: 'Ouvrir le dossier de Louis Martin' })).not.toHaveTextContent('nouvelle');
    expect(screen.getAllByTestId('diary-new-pill')).toHaveLength(1);
    expect(requests.filter((r) => r.path === '/api/diary/notifications')).toHaveLength(1);
  });

  it('draws a card per patient on a phone, a button that opens the file', async () => {
    // Every media query matches: PagedTable's « below sm » draws cards.
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener: () => undefined, removeEventListener: () => undefined, addListener: () => undefined, removeListener: () => undefined }));
    fakeApi({ 'GET /api/patients': page([row('p1', 'Louis Martin')]), 'GET /api/notices/summary': SUMMARY });
    const router = renderAs('PR', <PatientsPage />, PAGE);
    const card = await screen.findByRole('button', { name: 'Ouvrir le dossier de Louis Martin' });
    expect(screen.queryByRole('row', { name: 'Ouvrir le dossier de Louis Martin' })).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Date de naissance : 17/05/1980');
    fireEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/patient/dossier/p1'));
  });
});
