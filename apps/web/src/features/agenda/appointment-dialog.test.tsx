import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AgendaEvent, Appointment } from '@wellbe/shared/schemas/agenda';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { AppointmentDialog } from './components/appointment-dialog.tsx';

// An appointment opened in the agenda: the moves its status allows, the consultation for the roles
// that write patient files, the cancel with its reason for the roles that may delete.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const event = (status: AgendaEvent['status']): AgendaEvent => ({
  id: 'a1',
  practitionerId: 'u-pr',
  title: 'Hélène Martin',
  typeLabel: 'Consultation',
  colour: null,
  startsAt: '2026-11-02T09:00:00.000Z',
  endsAt: '2026-11-02T09:30:00.000Z',
  status,
});
const details = (status: Appointment['status']) => ({
  data: { ...event(status), practitionerName: 'Julien Moreau', patientId: 'p1', patientName: 'Hélène Martin', typeId: 't1', location: null, teleconsultation: false, note: '', cancelReason: null, holdExpiresAt: null, consultationId: null, createdVia: 'staff' },
});

function open(role: 'PR' | 'AD', status: AgendaEvent['status']) {
  const requests = fakeApi({ 'GET /api/agenda/appointments/a1': details(status), 'POST /api/agenda/appointments/a1/cancel': details('annulé') });
  const onClose = vi.fn();
  renderAs(role, <AppointmentDialog event={event(status)} onClose={onClose} />);
  return { requests, onClose };
}
const dialog = () => screen.findByRole('dialog', { name: 'Hélène Martin' });

describe('the appointment dialog', () => {
  it('offers a practitioner the day’s moves, the consultation and a cancel that sends its reason', async () => {
    const { requests, onClose } = open('PR', 'confirmé');
    const box = await dialog();
    expect(within(box).getByRole('button', { name: 'Honoré' })).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Absent' })).toBeInTheDocument();
    expect(await within(box).findByRole('button', { name: 'Démarrer la consultation' })).toBeInTheDocument();
    fireEvent.click(within(box).getByRole('button', { name: 'Annuler le rendez-vous' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmation' });
    fireEvent.change(within(confirm).getByLabelText(/^Motif/), { target: { value: 'Patient malade' } });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Annuler le rendez-vous' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/agenda/appointments/a1/cancel', body: { reason: 'Patient malade' } });
  });

  it('lets an administrator cancel but not start a consultation', async () => {
    open('AD', 'confirmé');
    const box = await dialog();
    expect(await within(box).findByText(/Julien Moreau/)).toBeInTheDocument();
    expect(within(box).queryByRole('button', { name: 'Démarrer la consultation' })).not.toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Annuler le rendez-vous' })).toBeInTheDocument();
  });

  it('offers neither a status change nor a cancel on an honoured appointment, but invoicing it', async () => {
    open('PR', 'honoré');
    const box = await dialog();
    expect(await within(box).findByText(/Julien Moreau/)).toBeInTheDocument();
    expect(within(box).getAllByRole('button').map((b) => b.textContent)).toEqual(['Démarrer la consultation', 'Facturer', 'Fermer']);
  });
});
