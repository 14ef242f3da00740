import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PolicyVersionDto } from '@wellbe/shared/schemas/policies';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { notify } from '../../lib/notify.ts';
import { PolicyPage } from './policy-page.tsx';

// /policy (DE): each document's versions; a draft is edited or published after a confirmation, a
// published version no longer changes; the server's refusal of a draft is shown in French.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const version = (id: string, n: number, status: PolicyVersionDto['status']): PolicyVersionDto => ({
  id,
  kind: 'terms',
  version: n,
  title: 'Conditions générales d’utilisation',
  body: '<p>Texte</p>',
  effectiveAt: '2026-12-01T00:00:00.000Z',
  requiresAcceptance: true,
  status,
  publishedAt: status === 'published' ? '2026-11-01T00:00:00.000Z' : null,
});
const VERSIONS = { data: [version('v2', 2, 'draft'), version('v1', 1, 'published')] };
const termsSection = () => screen.findByRole('region', { name: 'Conditions générales d’utilisation' });

describe('/policy', () => {
  it('lists each version; only the draft can be edited or published, after a confirmation', async () => {
    const requests = fakeApi({ 'GET /api/policies': VERSIONS, 'POST /api/policies/v2/publish': { success: true } });
    renderAs('DE', <PolicyPage />);
    const section = await termsSection();
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringMatching(/^Version 2Brouillon/), expect.stringMatching(/^Version 1Publiée/)]);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Publier' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('Publier cette version ? Elle ne pourra plus être modifiée.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'POST' && r.path === '/api/policies/v2/publish')).toBe(true));
  });

  it('shows the server’s French refusal of a draft and keeps it open', async () => {
    fakeApi({ 'GET /api/policies': VERSIONS, 'PATCH /api/policies/v2': () => apiError(409, 'conflict', 'Cette version est déjà publiée : elle ne se modifie plus. Créez une nouvelle version.') });
    renderAs('DE', <PolicyPage />);
    const section = await termsSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Modifier' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enregistrer le brouillon' }));
    expect(await screen.findByText('Cette version est déjà publiée : elle ne se modifie plus. Créez une nouvelle version.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enregistrer le brouillon' })).toBeInTheDocument();
  });

  it('says in French why a version could not be published', async () => {
    fakeApi({ 'GET /api/policies': VERSIONS, 'POST /api/policies/v2/publish': () => apiError(409, 'conflict', 'Cette version n’est plus celle en vigueur : rechargez la page.') });
    renderAs('DE', <PolicyPage />);
    const section = await termsSection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Publier' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publier' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Cette version n’est plus celle en vigueur : rechargez la page.', 'error'));
  });
});
