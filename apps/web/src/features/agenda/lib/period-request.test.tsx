import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@wellbe/shared/domain/organisation-settings';
import type { AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import { i18nReady } from '../../../i18n/i18n.ts';
import { earlyOrFetch, startEarly, takeEarly } from '../../../lib/early-requests.ts';
import { getDisplayTimeZone } from '../../../lib/format.ts';
import { createAppTheme } from '../../../lib/theme.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { AgendaPage } from '../agenda-page.tsx';
import { firstPeriodPath, PHONE_MEDIA, startFirstRequests } from './period-request.ts';

// The agenda's first period is asked for with the frame (app/preload.ts), from the address, the
// token's user and the answers of the agendas and the settings; the page's first query takes that
// answer only if it asks for the very same path (lib/early-requests.ts), or it asks the server again.

const me = fakeUser('PR');
const list: AgendaPractitioner[] = [
  { id: '00000000-0000-4000-8000-0000000000a1', username: 'cmartin', displayName: 'Claire Martin', job: null, jobSpecialistId: null },
  { id: me.id, username: 'jmoreau', displayName: 'Julien Moreau', job: null, jobSpecialistId: null },
];
const period = (from: string, to: string, practitioners: string) => `/agenda/appointments?${new URLSearchParams({ from, to, practitioners }).toString()}`;

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

describe('firstPeriodPath', () => {
  it("reads the address: whose agenda, its view and day, the days' midnights in the organisation's zone", () => {
    expect(firstPeriodPath('/agenda/moi/semaine/2026-12-02', false, me.id, list, 'Europe/Paris')).toBe(period('2026-11-29T23:00:00.000Z', '2026-12-06T23:00:00.000Z', me.id));
    expect(firstPeriodPath('/agenda/cmartin/jour/2026-07-14', false, me.id, list, 'America/New_York')).toBe(period('2026-07-14T04:00:00.000Z', '2026-07-15T04:00:00.000Z', list[0]!.id));
    // A month reads its six whole weeks from the Monday on or before the 1st.
    expect(firstPeriodPath('/agenda/moi/mois/2026-12-15', true, me.id, list, 'Europe/Paris')).toBe(period('2026-11-29T23:00:00.000Z', '2027-01-10T23:00:00.000Z', me.id));
  });

  it("opens /agenda on today's week, or today's day on a phone, in the organisation's zone", () => {
    // 23:30 on Sunday 6 December in Paris (22:30 UTC): still that week there.
    const now = Date.parse('2026-12-06T22:30:00Z');
    expect(firstPeriodPath('/agenda', false, me.id, list, 'Europe/Paris', now)).toBe(period('2026-11-29T23:00:00.000Z', '2026-12-06T23:00:00.000Z', me.id));
    expect(firstPeriodPath('/agenda/moi', true, me.id, list, 'Europe/Paris', now)).toBe(period('2026-12-05T23:00:00.000Z', '2026-12-06T23:00:00.000Z', me.id));
    // In Tokyo it is already Monday 7: the next week.
    expect(firstPeriodPath('/agenda', false, me.id, list, 'Asia/Tokyo', now)).toBe(period('2026-12-06T15:00:00.000Z', '2026-12-13T15:00:00.000Z', me.id));
  });

  it("reads a phone by the theme's own width (MUI's down('sm'), where the page opens on a day)", () => {
    expect(createAppTheme('ltr', null).breakpoints.down('sm')).toBe(`@media ${PHONE_MEDIA}`);
  });

  it('reads a handle written with escapes as the router gives it', () => {
    expect(firstPeriodPath('/agenda/c%6Dartin/jour/2026-07-14', false, me.id, list, 'Europe/Paris')).toContain(`practitioners=${list[0]!.id}`);
    expect(firstPeriodPath('/agenda/%E0%A4%A/jour/2026-07-14', false, me.id, list, 'Europe/Paris')).toBeNull();
  });

  it("shows a user without an agenda the first practitioner's, and nobody's for an unknown handle", () => {
    expect(firstPeriodPath('/agenda/moi/jour/2026-12-02', false, '00000000-0000-4000-8000-0000000000ff', list, 'Europe/Paris')).toContain(`practitioners=${list[0]!.id}`);
    expect(firstPeriodPath('/agenda/inconnu/jour/2026-12-02', false, me.id, list, 'Europe/Paris')).toBeNull();
    expect(firstPeriodPath('/agenda', false, me.id, [], 'Europe/Paris')).toBeNull();
  });
});

describe('the first period asked with the frame', () => {
  it('is sent once the agendas and the settings have answered, and taken by the query asking for it', async () => {
    const path = period('2026-11-29T23:00:00.000Z', '2026-12-06T23:00:00.000Z', me.id);
    const requests = fakeApi({
      'GET /api/agenda/practitioners': { success: true, data: list },
      'GET /api/organisations/current/settings': { success: true, data: { ...DEFAULT_SETTINGS, timeZone: 'Europe/Paris' } },
      'GET /api/agenda/appointments': { success: true, data: 'the week' },
    });
    startEarly('/agenda/practitioners');
    startFirstRequests({ pathname: '/agenda/moi/semaine/2026-12-02', userId: me.id });
    const asked = () => requests.filter((r) => r.path === '/api/agenda/appointments');
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect(`/agenda/appointments?${asked()[0]!.query.toString()}`).toBe(path);
    expect(await earlyOrFetch(path)).toEqual({ success: true, data: 'the week' });
    expect(asked()).toHaveLength(1);
    // The settings' answer is left for the layout's query.
    expect(await earlyOrFetch('/organisations/current/settings')).toMatchObject({ data: { timeZone: 'Europe/Paris' } });
    expect(requests.filter((r) => r.path === '/api/organisations/current/settings')).toHaveLength(1);
  });

  it('sends nothing, not even the settings, once the page has taken the agendas itself', () => {
    void takeEarly('/agenda/practitioners');
    const requests = fakeApi({});
    startFirstRequests({ pathname: '/agenda', userId: me.id });
    expect(requests).toEqual([]);
  });

  it('is the period the page asks for first', async () => {
    const requests = fakeApi({
      'GET /api/agenda/practitioners': { success: true, data: list },
      'GET /api/agenda/appointments': { success: true, data: { timeZone: getDisplayTimeZone(), appointments: [], absences: [] } },
    });
    renderAs(me, <AgendaPage />, { path: '/agenda/:agendaHandle/:agendaUri/:agendaDate', url: '/agenda/moi/semaine/2026-12-02' });
    const asked = () => requests.filter((r) => r.path === '/api/agenda/appointments').map((r) => `/agenda/appointments?${r.query.toString()}`);
    await waitFor(() => expect(asked().length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(asked()[0]).toBe(firstPeriodPath('/agenda/moi/semaine/2026-12-02', false, me.id, list, getDisplayTimeZone()));
  });
});
