import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgendaPractitioner, AppointmentType } from '@wellbe/shared/schemas/agenda';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { BookingDialog } from './components/booking-dialog.tsx';

// The agenda's 'Nouveau rendez-vous': nothing to save without a patient or a title; a type sets the
// duration; a start in the past may be recorded as a past visit; only the roles that create
// patient files may create one here; a refusal is shown in the server's French words.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const PRACTITIONERS: AgendaPractitioner[] = [{ id: 'u-pr', username: 'pr', displayName: 'Julien Moreau', job: 'Médecin généraliste', jobSpecialistId: 1 }];
const TYPES: AppointmentType[] = [{ id: 't1', label: 'Consultation', durationMinutes: 30, colour: '#0f766e', jobSpecialistId: 1, bookable: true, active: true }];
// Far from today either way: the dialog compares the start with the real clock.
const FUTURE = new Date('2099-03-02T09:00:00.000Z');
const PAST = new Date('2020-03-02T09:00:00.000Z');

function open(role: 'PR' | 'AD', start: Date, onSave = vi.fn(async () => {})) {
  fakeApi({ 'GET /api/agenda/types': { data: TYPES } });
  renderAs(role, <BookingDialog start={start} end={new Date(start.getTime() + 15 * 60_000)} timeZone="Europe/Paris" practitioners={PRACTITIONERS} practitionerId="u-pr" onClose={vi.fn()} onSave={onSave} />);
  return onSave;
}
const dialog = () => screen.findByRole('dialog', { name: 'Nouveau rendez-vous' });

describe('the booking dialog', () => {
  it('saves a meeting with a title and the chosen type’s duration', async () => {
    const onSave = open('PR', FUTURE);
    const box = await dialog();
    const save = within(box).getByRole('button', { name: 'Enregistrer' });
    expect(save).toBeDisabled();
    fireEvent.change(within(box).getByLabelText('Ou un titre (réunion, indisponibilité)'), { target: { value: 'Réunion d’équipe' } });
    expect(save).toBeEnabled();
    fireEvent.mouseDown(within(box).getByRole('combobox', { name: 'Type de rendez-vous' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Consultation (30 min)' }));
    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ practitionerId: 'u-pr', patientId: null, title: 'Réunion d’équipe', typeId: 't1', startsAt: FUTURE.toISOString(), endsAt: '2099-03-02T09:30:00.000Z' }),
    );
    expect(within(box).queryByLabelText('Enregistrer une visite passée')).not.toBeInTheDocument();
  });

  it('records a start in the past as a past visit when asked', async () => {
    const onSave = open('PR', PAST);
    const box = await dialog();
    fireEvent.change(within(box).getByLabelText('Ou un titre (réunion, indisponibilité)'), { target: { value: 'Visite à domicile' } });
    fireEvent.click(within(box).getByLabelText('Enregistrer une visite passée'));
    fireEvent.click(within(box).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ pastVisit: true })));
  });

  it('shows the server’s French refusal', async () => {
    open('PR', FUTURE, vi.fn(async () => Promise.reject(new ApiError(409, 'conflict', 'Ce créneau est déjà pris.'))));
    const box = await dialog();
    fireEvent.change(within(box).getByLabelText('Ou un titre (réunion, indisponibilité)'), { target: { value: 'Réunion' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(box).findByRole('alert')).toHaveTextContent('Ce créneau est déjà pris.');
  });

  it('lets a practitioner create a new patient, not an administrator', async () => {
    open('PR', FUTURE);
    expect(within(await dialog()).getByLabelText('Nouveau patient')).toBeInTheDocument();
  });

  it('offers no new patient to an administrator', async () => {
    open('AD', FUTURE);
    expect(within(await dialog()).queryByLabelText('Nouveau patient')).not.toBeInTheDocument();
  });

  it('gives the types’ durations in the reader’s language', async () => {
    await i18n.changeLanguage('tr');
    try {
      open('PR', FUTURE);
      const box = await screen.findByRole('dialog', { name: 'Yeni randevu' });
      fireEvent.mouseDown(within(box).getByRole('combobox', { name: 'Randevu türü' }));
      expect(await screen.findByRole('option', { name: 'Consultation (30 dk)' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
