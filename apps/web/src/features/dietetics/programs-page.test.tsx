import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProgramDetail } from '@wellbe/shared/schemas/dietetics';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { ProgramsPage } from './programs-page.tsx';

// /program/dietetiques/menu: a program is saved only with a name; assigning it needs a patient and
// a real start day, sends both, and says how many days of menus were created (or the refusal).

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const PROGRAM: ProgramDetail = { id: 'p1', name: 'Rééquilibrage printemps', goal: 'rééquilibrage', weeks: 1, description: '', itemCount: 0, items: [] };
const PATIENTS = { success: true, data: [{ idPatient: 'pat-1', FullName: 'Zoé Laurent', PhoneNumber: '0600000000', Email: 'zoe@example.fr', birthDate: null, lastConsultationAt: null, consultationCount: 0, archivedAt: null }], total: 1, page: 1, pageSize: 10, nextCursor: null, totalCapped: false };
const PAGE = { path: '/program/dietetiques/menu' };

async function openAssignPanel() {
  renderAs('PR', <ProgramsPage />, PAGE);
  fireEvent.click(await screen.findByText('Rééquilibrage printemps'));
  return screen.findByRole('region', { name: 'Attribuer à un patient' });
}

async function pickPatient(panel: HTMLElement) {
  fireEvent.change(within(panel).getByLabelText('Choix du patient'), { target: { value: 'Zoé' } });
  fireEvent.click(await screen.findByRole('option', { name: 'Zoé Laurent' }));
}

describe('/program/dietetiques/menu', () => {
  it('saves a new program only once its name has two letters', async () => {
    const requests = fakeApi({ 'GET /api/dietetics/programs': { data: [] }, 'POST /api/dietetics/programs': { data: { ...PROGRAM, id: 'p2', name: 'Sans sel' } } });
    renderAs('PR', <ProgramsPage />, PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau programme' }));
    const save = await screen.findByRole('button', { name: 'Enregistrer' });
    fireEvent.change(screen.getByLabelText(/^Nom du programme/), { target: { value: 'S' } });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Nom du programme/), { target: { value: 'Sans sel' } });
    fireEvent.click(save);
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Sans sel', weeks: 1, items: [] }));
  });

  it('assigns a program to the patient picked from the start day, and says how many days were created', async () => {
    const requests = fakeApi({
      'GET /api/dietetics/programs': { data: [PROGRAM] },
      'GET /api/dietetics/programs/p1': { data: PROGRAM },
      'GET /api/patients': PATIENTS,
      'POST /api/dietetics/programs/p1/assign': { data: { days: ['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09', '2030-03-10'] } },
    });
    const panel = await openAssignPanel();
    const submit = within(panel).getByRole('button', { name: 'Attribuer' });
    expect(submit).toBeDisabled();
    await pickPatient(panel);
    fireEvent.change(within(panel).getByLabelText('Date de début'), { target: { value: '2030-03-04' } });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await within(panel).findByText(/7 jours de menus créés pour Zoé Laurent \(04\/03\/2030 – 10\/03\/2030\)/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Voir les menus' })).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ idPatient: 'pat-1', startDate: '2030-03-04' });
  });

  it('keeps Attribuer disabled without a start day, and shows the server’s French refusal', async () => {
    fakeApi({
      'GET /api/dietetics/programs': { data: [PROGRAM] },
      'GET /api/dietetics/programs/p1': { data: PROGRAM },
      'GET /api/patients': PATIENTS,
      'POST /api/dietetics/programs/p1/assign': () => apiError(409, 'conflict', 'Des menus existent déjà pour ce patient sur cette période.'),
    });
    const panel = await openAssignPanel();
    await pickPatient(panel);
    const submit = within(panel).getByRole('button', { name: 'Attribuer' });
    fireEvent.change(within(panel).getByLabelText('Date de début'), { target: { value: '' } });
    expect(submit).toBeDisabled();
    fireEvent.change(within(panel).getByLabelText('Date de début'), { target: { value: '2030-03-04' } });
    fireEvent.click(submit);
    expect(await within(panel).findByText('Des menus existent déjà pour ce patient sur cette période.')).toBeInTheDocument();
  });
});
