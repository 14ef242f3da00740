import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgendaSettings } from '@wellbe/shared/schemas/agenda';
import { i18nReady } from '../../i18n/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { SettingsDialog } from './components/settings-dialog.tsx';

// 'Paramètres de l’agenda': working hours checked before anything is sent, the booking-type tab for
// agenda management only, and the absences and iCal feed whose refusals are said in French.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify).mockClear();
});

const SETTINGS: AgendaSettings = {
  practitionerId: 'u-pr',
  weeklyHours: { '1': [{ start: '09:00', end: '12:30' }] },
  availability: [],
  exceptions: [{ id: 'x1', startsAt: '2026-12-21T23:00:00.000Z', endsAt: '2026-12-26T23:00:00.000Z', label: 'Congés de Noël' }],
  icalActive: false,
  timeZone: 'Europe/Paris',
};
const SETTINGS_URL = '/api/agenda/settings/u-pr';

function open(role: 'PR' | 'RH' | 'AD', routes: Record<string, unknown> = {}) {
  const requests = fakeApi({ [`GET ${SETTINGS_URL}`]: { data: SETTINGS }, ...routes });
  renderAs(role, <SettingsDialog practitionerId="u-pr" self={role === 'PR'} onClose={vi.fn()} />);
  return requests;
}
const dialog = () => screen.findByRole('dialog', { name: 'Paramètres de l’agenda' });

describe('the agenda settings', () => {
  it('refuses badly written hours in French and sends the well-written ones', async () => {
    const requests = open('PR', { [`PUT ${SETTINGS_URL}`]: { success: true } });
    const box = await dialog();
    const monday = within(box).getByLabelText('Lundi');
    await waitFor(() => expect(monday).toHaveValue('09:00-12:30'));
    fireEvent.change(within(box).getByLabelText('Mardi'), { target: { value: '9h-12h' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Enregistrer les horaires' }));
    expect(await within(box).findByText('Horaires invalides pour Mardi : écrivez par exemple 09:00-12:30, 14:00-19:00.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
    fireEvent.change(within(box).getByLabelText('Mardi'), { target: { value: '14:00-19:00' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Enregistrer les horaires' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ weeklyHours: { '1': [{ start: '09:00', end: '12:30' }], '2': [{ start: '14:00', end: '19:00' }] }, availability: [] }));
  });

  it('shows the booking types tab to agenda management only', async () => {
    open('PR');
    expect(within(await dialog()).queryByRole('tab', { name: 'Types de rendez-vous' })).not.toBeInTheDocument();
  });

  it('shows the booking types tab to an administrator', async () => {
    open('AD');
    expect(within(await dialog()).getByRole('tab', { name: 'Types de rendez-vous' })).toBeInTheDocument();
  });

  it('says in French why an absence could not be removed', async () => {
    open('PR', { 'DELETE /api/agenda/settings/u-pr/exceptions/x1': () => apiError(404, 'not_found', 'Cette absence n’existe plus.') });
    const box = await dialog();
    expect(await within(box).findByText('Congés de Noël')).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: 'Supprimer l’absence' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Cette absence n’existe plus.', 'error'));
  });

  it('says in French when the private iCal feed cannot be created, and shows no address', async () => {
    open('PR', { 'POST /api/agenda/ical': () => apiError(429, 'too_many_attempts', 'Trop de demandes : réessayez dans une minute.') });
    fireEvent.click(within(await dialog()).getByRole('button', { name: 'Créer mon flux' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Trop de demandes : réessayez dans une minute.', 'error'));
    expect(screen.queryByLabelText('Adresse du flux (à garder secrète)')).not.toBeInTheDocument();
  });
});
