import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { PatientCards } from './role-cards.tsx';

// A patient's next appointment: its date-time alone on a line read « 14:30 12/03/2026 » in Arabic
// (the space between two numbers takes the line's direction); it is isolated left to right.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

describe('the patient’s next appointment card', () => {
  it('keeps the date-time left to right', async () => {
    const next = { id: 'ap1', startsAt: '2099-03-12T13:30:00.000Z', endsAt: '2099-03-12T14:00:00.000Z', status: 'confirmé', practitionerName: 'Dr Durand', typeLabel: 'Suivi' };
    fakeApi({ 'GET /api/appointments/mine': { data: [next] }, 'GET /api/chat/unread': { unread: 0, support: 0 } });
    renderAs(fakeUser('PT', { idPatient: '00000000-0000-4000-8000-0000000000p1' }), <PatientCards role="PT" />);
    const card = await screen.findByTestId('card-next-appointment');
    expect((await screen.findByText('12/03/2099 14:30')).closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(card).toContainElement(screen.getByText('12/03/2099 14:30'));
  });
});
