import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { StatisticsPage } from './statistics-page.tsx';

// /statistics: the period is kept in the address and sent to the API; only the platform roles
// (SA, DE) choose another organisation; a refusal is said in the server's French words.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const REFUSED = () => apiError(403, 'forbidden', 'Vous n’avez pas accès aux statistiques de ce cabinet.');

describe('/statistics', () => {
  it('shows the server’s French refusal, and no organisation choice to a practice role', async () => {
    fakeApi({ 'GET /api/statistics': REFUSED });
    renderAs('AD', <StatisticsPage />, { path: '/statistics' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous n’avez pas accès aux statistiques de ce cabinet.');
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).not.toBeInTheDocument();
  });

  it('asks for the period chosen and keeps it in the address', async () => {
    const requests = fakeApi({ 'GET /api/statistics': REFUSED });
    const router = renderAs('PR', <StatisticsPage />, { path: '/statistics' });
    await screen.findByRole('alert');
    expect(requests.find((r) => r.path === '/api/statistics')?.query.get('period')).toBe('month');
    fireEvent.click(screen.getByRole('button', { name: 'Cette année' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/statistics' && r.query.get('period') === 'year')).toBe(true));
    expect(router.state.location.search).toContain('period=year');
  });

  it('lets the platform choose an organisation and asks for its figures', async () => {
    const requests = fakeApi({
      'GET /api/statistics': REFUSED,
      'GET /api/organisations': { data: [{ idOrganization: '00000000-0000-4000-8000-0000000000bb', name: 'Centre Santé Nord', active: true }], total: 1, page: 1, pageSize: 100 },
    });
    renderAs('SA', <StatisticsPage />, { path: '/statistics' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Organisation' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Centre Santé Nord' }));
    await waitFor(() => expect(requests.some((r) => r.path === '/api/statistics' && r.query.get('organizationId') === '00000000-0000-4000-8000-0000000000bb')).toBe(true));
  });
});
