import { waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@wellbe/shared/roles';
import { i18nReady } from '../../../i18n/i18n.ts';
import { takeEarly } from '../../../lib/early-requests.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { PatientsPage } from '../patients-page.tsx';
import { startFirstRequests } from './list-request.ts';

// The list's first page is asked with the frame (app/preload.ts), from the address's query string and
// the token's role; the page's first query takes that answer only if it asks for the very same path
// (lib/early-requests.ts), or it asks the server again.

vi.mock('../../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const EMPTY = { success: true, data: [], total: 0, page: 1, pageSize: 25, nextCursor: null, totalCapped: false };
const SUMMARY = { success: true, data: { average: null, count: 0, recommendRate: null } };
const asked = (requests: { method: string; path: string; query: URLSearchParams }[], path: string) =>
  requests.filter((r) => r.method === 'GET' && r.path === `/api${path}`).map((r) => `${path}?${r.query.toString()}`);

describe('the patient list asked with the frame', () => {
  it.each<[Role, string]>([
    ['PR', ''],
    ['PR', '?q=martin&sort=lastConsultation&order=desc&page=3&pageSize=50'],
    // The archived files are the platform roles' only: another role's address asks for the live ones.
    ['PR', '?archived=1&pageSize=7'],
    ['SA', '?archived=1&sort=birthDate'],
  ])('as %s at /patients/list%s: the page asks first for the page sent early', async (role, search) => {
    const early = fakeApi({ 'GET /api/patients': EMPTY, 'GET /api/notices/summary': SUMMARY });
    startFirstRequests({ search, role });
    const sent = asked(early, '/patients');
    expect(sent).toHaveLength(1);
    expect(takeEarly(sent[0]!)).toBeInstanceOf(Promise);
    expect(takeEarly('/notices/summary')).toBeInstanceOf(Promise);

    const requests = fakeApi({ 'GET /api/patients': EMPTY, 'GET /api/notices/summary': SUMMARY });
    renderAs(role, <PatientsPage />, { path: '/patients/list', url: `/patients/list${search}` });
    await waitFor(() => expect(asked(requests, '/patients').length).toBeGreaterThan(0));
    expect(asked(requests, '/patients')[0]).toBe(sent[0]);
  });

  it('sends nothing for a patient, whom the page sends to their own file', () => {
    const requests = fakeApi({});
    startFirstRequests({ search: '', role: 'PT' });
    expect(requests).toEqual([]);
  });
});
