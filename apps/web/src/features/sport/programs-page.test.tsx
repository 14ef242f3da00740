import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SportProgramSummary } from '@wellbe/shared/schemas/sport';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { SportProgramsPage } from './programs-page.tsx';

// /program/sportif/list: the organisation's programs from the API; a new program is saved only
// with a name, and a refusal is shown in the server's French words.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const PROGRAM: SportProgramSummary = {
  id: 'p1',
  name: 'Renforcement du dos',
  description: '',
  objectiveId: null,
  typeId: null,
  levelId: null,
  genderId: null,
  weeks: 8,
  sessionsPerWeek: 2,
  sessionCount: 3,
  exerciseCount: 12,
  patient: null,
  startDate: null,
  endDate: null,
  templateId: null,
};
const PAGE = { path: '/program/sportif/list' };

describe('/program/sportif/list', () => {
  it('lists the organisation’s programs with their shape', async () => {
    fakeApi({ 'GET /api/sport-programs': { data: [PROGRAM] } });
    renderAs('PR', <SportProgramsPage />, PAGE);
    const nav = await screen.findByRole('navigation', { name: 'Programmes de l’organisation' });
    expect(await within(nav).findByText('Renforcement du dos')).toBeInTheDocument();
    expect(within(nav).getByText('3 séances · 8 sem.')).toBeInTheDocument();
  });

  it('says when the library is empty', async () => {
    fakeApi({ 'GET /api/sport-programs': { data: [] } });
    renderAs('PR', <SportProgramsPage />, PAGE);
    expect(await screen.findByText('Aucun programme pour l’instant.')).toBeInTheDocument();
  });

  it('saves a new program only once it has a name, and shows the server’s refusal', async () => {
    const requests = fakeApi({
      'GET /api/sport-programs': { data: [] },
      'POST /api/sport-programs': () => apiError(400, 'validation', 'Une séance doit contenir au moins un exercice.'),
    });
    renderAs('PR', <SportProgramsPage />, PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau programme' }));
    const save = await screen.findByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/^Nom du programme/), { target: { value: 'Reprise' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await screen.findByText('Une séance doit contenir au moins un exercice.')).toBeInTheDocument();
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ name: 'Reprise' }));
  });
});
