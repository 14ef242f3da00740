import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Statistics } from '@wellbe/shared/schemas/statistics';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { setSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { StatisticsPage } from './statistics-page.tsx';

// /statistics shows the counts hidden by secondary suppression (issue 29) as words, never as a
// number: a year of 7 consultations whose two months are both "secret".

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

const figure = (value: Statistics['activity']['consultations']['value']) => ({ value, previous: 0, change: null });
const STATS: Statistics = {
  organizationId: 'o1',
  organizationName: 'Cabinet Démo',
  period: { period: 'year', from: '2026-01-01', to: '2026-12-31', bucket: 'month', previous: { from: '2025-01-01', to: '2025-12-31' } },
  activity: {
    consultations: figure(7),
    newPatients: figure('< 5'),
    series: [
      { start: '2026-01-01', consultations: 'secret' },
      { start: '2026-02-01', consultations: 'secret' },
    ],
    byPractitioner: [{ idUser: 'u1', name: 'Paul Praticien', consultations: 7 }],
    bySpeciality: [],
    newPatientSeries: [],
  },
  clinical: {
    imcClasses: [],
    painIntensity: [{ intensity: 'Non Renseigné', consultations: 7 }],
    painEvolution: [],
    painLocations: [
      { location: 'Trapèzes', consultations: 5 },
      { location: 'Non Renseigné', consultations: 2 },
    ],
  },
  satisfaction: { opinions: figure(0), average: null, previousAverage: null, recommendShare: null, series: [] },
  appointments: null,
  programs: { dietetics: null, sport: null },
};

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
function fakeApi(input: string): Promise<Response> {
  const url = new URL(input, 'http://localhost');
  if (url.pathname === '/api/statistics') return Promise.resolve(json({ success: true, data: STATS }));
  return Promise.resolve(new Response(JSON.stringify({ success: false, error: { code: 'not_found', message: 'Introuvable.' } }), { status: 404 }));
}

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  act(() => setSession(fakeUser('PA'), 'header.payload.signature'));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('fr'));
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/statistics', element: <Suspense fallback="…"><StatisticsPage /></Suspense> }], { initialEntries: ['/statistics?period=year'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

async function consultationsTable(testId = 'chart-consultations') {
  const card = await screen.findByTestId(testId, {}, { timeout: 5000 });
  fireEvent.click(within(card).getAllByRole('button')[0]);
  return within(card).getByRole('table');
}

describe('/statistics and hidden counts', () => {
  it('shows the total and each hidden month as "secret", with the note saying why', async () => {
    renderPage();
    expect(await screen.findByTestId('kpi-consultations', {}, { timeout: 5000 })).toHaveTextContent('7');
    const rows = within(await consultationsTable()).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('cell').textContent)).toEqual(['secret', 'secret']);
    expect(screen.getAllByText(/« secret » : masqué pour que rien ne permette de recalculer un « < 5 »/).length).toBeGreaterThan(0);
  });

  it('says it in the reader’s language (English: hidden)', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    const rows = within(await consultationsTable()).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('cell').textContent)).toEqual(['hidden', 'hidden']);
  });
});

describe('/statistics and the consultation form’s values', () => {
  // Stored as the form's French values; the chart, its table and its summary name them in the reader's language.
  it('names pain locations in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderPage();
    const rows = within(await consultationsTable('chart-locations')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Trapezius', 'Not specified']);
    // The chart's spoken summary too (it is hidden while the table shows: the table is toggled back).
    fireEvent.click(within(screen.getByTestId('chart-locations')).getAllByRole('button')[0]);
    expect(within(screen.getByTestId('chart-locations')).getByRole('img').getAttribute('aria-label')).toMatch(/^Most frequent location: Trapezius\./);
  });

  it('names them in French as the form shows them', async () => {
    renderPage();
    const rows = within(await consultationsTable('chart-locations')).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Trapèzes', 'Non renseigné']);
  });
});
