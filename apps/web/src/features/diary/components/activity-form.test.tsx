import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { ActivityForm } from './activity-form.tsx';

// The patient's activity entry offers a session of their current program (picked from the
// program's sessions, today's suggested one first) or a free activity; the entry sent names the
// session by its id, which the server checks against the patient's own program.

const S1 = '11111111-1111-4111-8111-111111111111';
const S2 = '22222222-2222-4222-8222-222222222222';
const mine = { success: true, data: { patient: { FullName: 'Lucas Bernard' }, today: '2026-11-20', program: { name: 'Renforcement du genou', sessions: [{ id: S1, name: 'Séance 1 — mobilité' }, { id: S2, name: 'Séance 2 — renforcement' }] }, sessionId: S2, logs: [] } };
const saved = { success: true, data: { id: 'e1' } };

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the activity entry', () => {
  it('a session of my program: today’s session is offered first, another can be picked, and its id is sent', async () => {
    const requests = fakeApi({ 'GET /api/sport-programs/mine': mine, 'POST /api/diary/entries': saved });
    renderAs('PT', <ActivityForm />);
    expect(await screen.findByRole('radio', { name: 'Une séance de mon programme' })).toBeChecked();
    const picker = screen.getByRole('combobox', { name: /Séance du programme/ });
    expect(picker).toHaveTextContent('Séance 2 — renforcement');
    await userEvent.click(picker);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Séance 1 — mobilité', 'Séance 2 — renforcement']);
    await userEvent.click(screen.getByRole('option', { name: 'Séance 1 — mobilité' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const body = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'activity', sessionId: S1, durationMin: 30, intensity: 'moderate' });
    expect(body.activity).toBeUndefined();
  });

  it('a free activity instead: described, with its duration', async () => {
    const requests = fakeApi({ 'GET /api/sport-programs/mine': mine, 'POST /api/diary/entries': saved });
    renderAs('PT', <ActivityForm />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Une activité libre' }));
    expect(screen.queryByRole('combobox', { name: /Séance du programme/ })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Activité/ }), 'Marche rapide');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const body = requests.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'activity', activity: 'Marche rapide', durationMin: 30 });
    expect(body.sessionId).toBeUndefined();
  });

  it('without a program, only the free activity is offered', async () => {
    const requests = fakeApi({ 'GET /api/sport-programs/mine': { success: true, data: { ...mine.data, program: null, sessionId: null } } });
    renderAs('PT', <ActivityForm />);
    await vi.waitFor(() => expect(requests.some((r) => r.path === '/api/sport-programs/mine')).toBe(true));
    expect(await screen.findByRole('textbox', { name: /^Activité/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });
});
