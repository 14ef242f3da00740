import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { i18nReady } from '../../i18n/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { AppointmentsPage } from './appointments-page.tsx';

// /appointment: the staff confirm the requests and read the day's list; a patient gets their own
// tabs (book, mine, waiting list) and never the practice's requests.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const appointment = (id: string, patientName: string, status: Appointment['status']): Appointment => ({
  id,
  practitionerId: 'u-pr',
  practitionerName: 'Julien Moreau',
  patientId: `p-${id}`,
  patientName,
  title: null,
  typeId: 't1',
  typeLabel: 'Consultation',
  colour: null,
  startsAt: '2026-11-02T09:00:00.000Z',
  endsAt: '2026-11-02T09:30:00.000Z',
  location: null,
  teleconsultation: false,
  note: '',
  status,
  cancelReason: null,
  holdExpiresAt: null,
  consultationId: null,
  createdVia: 'patient',
});

describe('/appointment', () => {
  it('lets the staff confirm a request and filter the day’s list by status', async () => {
    const requests = fakeApi({
      'GET /api/appointments/overview': (r: { query: URLSearchParams }) => ({
        data: { day: r.query.get('day'), requests: [appointment('a1', 'Hélène Martin', 'demandé')], appointments: [appointment('a2', 'Paul Durand', 'confirmé'), appointment('a3', 'Lucie Bernard', 'annulé')] },
      }),
      'POST /api/appointments/a1/confirm': { data: appointment('a1', 'Hélène Martin', 'confirmé') },
    });
    renderAs('PA', <AppointmentsPage />);
    expect(await screen.findByRole('heading', { name: 'Demandes à confirmer (1)' })).toBeInTheDocument();
    expect(screen.getByText(/Paul Durand/)).toBeInTheDocument();
    expect(screen.getByText(/Lucie Bernard/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirmer Hélène Martin' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/appointments/a1/confirm')).toBe(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Statut' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Annulé' }));
    await waitFor(() => expect(screen.queryByText(/Paul Durand/)).not.toBeInTheDocument());
    expect(screen.getByText(/Lucie Bernard/)).toBeInTheDocument();
  });

  it('gives a patient their own tabs and never the practice’s requests', async () => {
    const requests = fakeApi({ 'GET /api/appointments/options': { data: { practitioners: [], types: [] } } });
    renderAs('PT', <AppointmentsPage />);
    expect(await screen.findByRole('tab', { name: 'Prendre rendez-vous' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Mes rendez-vous' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Liste d’attente' })).toBeInTheDocument();
    expect(screen.queryByText(/Demandes à confirmer/)).not.toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/appointments/overview')).toBe(false);
  });

  it('lists a patient’s waiting-list entries and says in French why one could not be left', async () => {
    const entry = { id: 'w1', practitionerId: 'u-pr', practitionerName: 'Julien Moreau', fromDay: '2026-11-02', toDay: '2026-11-13', status: 'attente', offerStartsAt: null, offerExpiresAt: null };
    const requests = fakeApi({
      'GET /api/appointments/options': { data: { practitioners: [], types: [] } },
      'GET /api/appointments/waitlist': { data: [entry] },
      'DELETE /api/appointments/waitlist/w1': () => apiError(404, 'not_found', 'Cette inscription n’existe plus.'),
    });
    renderAs('PT', <AppointmentsPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Liste d’attente' }));
    const item = (await screen.findByText('Julien Moreau')).closest('li')!;
    expect(item).toHaveTextContent('02/11/2026 → 13/11/2026 · En attente');
    fireEvent.click(within(item).getByRole('button', { name: 'Quitter' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Cette inscription n’existe plus.', 'error'));
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/appointments/waitlist/w1')).toBe(true);
  });
});
