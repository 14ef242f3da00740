import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MySportToday, ProgramExercise } from '@wellbe/shared/schemas/sport';
import { i18n } from '../../i18n/i18n.ts';
import { textsInEachLanguage } from '../../test/texts.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { apiError, fakeApi, jsonResponse, renderAs } from '../../test/render.tsx';
import { SportTodayPage } from './today-page.tsx';

// /sport (the patient's "Mon programme sportif"): today's suggested session, the log form (a
// skipped session has no effort score) and the sessions already noted.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

textsInEachLanguage(['sport']);
afterEach(() => vi.unstubAllGlobals());

const TODAY = '2026-11-04';
const MINE: MySportToday = {
  patient: { FullName: 'Hélène Martin' },
  today: TODAY,
  sessionId: 's2',
  program: {
    id: 'p1',
    name: 'Reprise en douceur',
    description: '',
    objectiveId: null,
    typeId: null,
    levelId: null,
    genderId: null,
    weeks: 6,
    sessionsPerWeek: 2,
    sessionCount: 2,
    exerciseCount: 0,
    patient: { idPatient: 'pt1', FullName: 'Hélène Martin' },
    startDate: '2026-11-02',
    endDate: '2026-12-13',
    templateId: null,
    sessions: [
      { id: 's1', name: 'Séance A', exercises: [] },
      { id: 's2', name: 'Séance B', exercises: [] },
    ],
  },
  logs: [{ id: 'l1', sessionId: 's1', sessionName: 'Séance A', day: '2026-11-02', status: 'done', rpe: 6, pain: 1, comment: '' }],
};
const patient = fakeUser('PT', { idPatient: 'pt1' });

describe('/sport (patient)', () => {
  it('suggests today’s session and lists the sessions already noted', async () => {
    fakeApi({ 'GET /api/sport-programs/mine': { data: MINE } });
    renderAs(patient, <SportTodayPage />);
    expect(await screen.findByTestId('my-sport-program')).toHaveTextContent('Reprise en douceur');
    expect(screen.getByRole('combobox', { name: 'Séance' })).toHaveTextContent('Séance B — suggérée');
    expect(screen.getByRole('region', { name: 'Séances notées' })).toHaveTextContent('02/11/2026 — Séance A : Faite · effort 6/10 · douleur 1/10');
  });

  it('notes a skipped session without an effort score', async () => {
    const requests = fakeApi({ 'GET /api/sport-programs/mine': { data: MINE }, 'POST /api/sport-programs/mine/logs': { data: { ...MINE.logs[0], id: 'l2' } } });
    renderAs(patient, <SportTodayPage />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Non faite' }));
    expect(screen.queryByText(/^Effort ressenti/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Commentaire'), { target: { value: 'Genou douloureux' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la séance' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ sessionId: 's2', status: 'skipped', rpe: null, pain: 0, comment: 'Genou douloureux', day: TODAY }));
  });

  it('draws the title at once and the cards’ places while the program loads (issue 31: the title is the largest text)', async () => {
    let answer!: (value: Response) => void;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    renderAs(patient, <SportTodayPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon programme sportif' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
    answer(jsonResponse({ data: MINE }));
    expect(await screen.findByTestId('my-sport-program')).toHaveTextContent('Reprise en douceur');
    expect(screen.queryByRole('status', { name: 'Chargement…' })).not.toBeInTheDocument();
  });

  it('says when no program is running', async () => {
    fakeApi({ 'GET /api/sport-programs/mine': { data: { ...MINE, program: null, sessionId: null, logs: [] } } });
    renderAs(patient, <SportTodayPage />);
    expect(await screen.findByText('Aucun programme sportif en cours.')).toBeInTheDocument();
  });

  it('shows the server’s French refusal of a log', async () => {
    fakeApi({ 'GET /api/sport-programs/mine': { data: MINE }, 'POST /api/sport-programs/mine/logs': () => apiError(400, 'validation', 'Cette séance ne fait pas partie de votre programme.') });
    renderAs(patient, <SportTodayPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer la séance' }));
    expect(await screen.findByText('Cette séance ne fait pas partie de votre programme.')).toBeInTheDocument();
  });
});

describe('/sport’s exercises in the reader’s language', () => {
  // A library exercise translated for the practice, with its English source; a practice's own, French only.
  const line = (id: string, exercise: ProgramExercise['exercise']): ProgramExercise => ({
    id,
    exerciseId: exercise.id,
    sets: 3,
    reps: 10,
    durationS: null,
    loadKg: null,
    loadPct: null,
    restS: 60,
    tempo: '',
    notes: '',
    exercise,
  });
  const library = { id: 'e1', name: 'Pont fessier', nameEn: 'Glute Bridge', translated: true, instructions: ['Allongé sur le dos.'], instructionsEn: ['Lie on your back.'], equipmentId: null, media: null };
  const own = { id: 'e2', name: 'Marche rapide', nameEn: null, translated: true, instructions: ['Marchez 20 minutes.'], instructionsEn: [], equipmentId: null, media: null };
  const withExercises: MySportToday = { ...MINE, program: { ...MINE.program!, sessions: [{ id: 's2', name: 'Séance B', exercises: [line('x1', library), line('x2', own)] }] } };

  for (const [language, names, steps] of [
    ['fr', ['Pont fessier', 'Marche rapide'], ['Allongé sur le dos.', 'Marchez 20 minutes.']],
    ['en', ['Glute Bridge', 'Marche rapide'], ['Lie on your back.', 'Marchez 20 minutes.']],
  ] as const) {
    it(`${language}: ${names.join(', ')}`, async () => {
      fakeApi({ 'GET /api/sport-programs/mine': { data: withExercises } });
      await act(() => i18n.changeLanguage(language));
      renderAs(patient, <SportTodayPage />);
      const session = await screen.findByRole('list', { name: 'Séance B' });
      const cards = within(session).getAllByRole('heading', { level: 3 });
      expect(cards.map((h) => h.textContent)).toEqual(names.map((n, i) => `${i + 1}. ${n}`));
      for (const step of steps) expect(within(session).getByText(step)).toBeInTheDocument();
    });
  }
});
