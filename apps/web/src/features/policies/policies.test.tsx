import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PolicyVersionDto } from '@wellbe/shared/schemas/policies';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { ConsentScreen } from './consent-screen.tsx';
import { LegalPage } from './legal-page.tsx';

// Issue 20 on the screen: the consent gate's screen (read, tick, accept) and /legal/{kind}.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const version = (id: string, kind: PolicyVersionDto['kind'], title: string, body: string): PolicyVersionDto => ({
  id,
  kind,
  version: 2,
  title,
  body,
  effectiveAt: '2026-11-02T10:00:00.000Z',
  requiresAcceptance: true,
  status: 'published',
  publishedAt: '2026-11-02T10:00:00.000Z',
});
const CGU = version('v-terms', 'terms', 'Conditions générales d’utilisation', '<p>Le service est fourni par WellBe.</p>');
const PRIVACY = version('v-privacy', 'privacy', 'Politique de confidentialité', '<p>Vos données restent en France.</p>');

describe('the consent screen', () => {
  it('shows each version in full and accepts them all only once the box is ticked', async () => {
    const requests = fakeApi({ 'POST /api/policies/accept': { success: true } });
    renderAs('PR', <ConsentScreen versions={[CGU, PRIVACY]} />);
    expect(await screen.findByRole('heading', { name: 'Nos conditions ont changé' })).toBeInTheDocument();
    expect(screen.getAllByRole('region', { name: 'Conditions générales d’utilisation' })[0]).toHaveTextContent('Le service est fourni par WellBe.');
    expect(screen.getAllByRole('region', { name: 'Politique de confidentialité' })[0]).toHaveTextContent('Vos données restent en France.');
    expect(screen.getAllByText('Version 2, en vigueur depuis le 02/11/2026')).toHaveLength(2);
    const accept = screen.getByRole('button', { name: 'Accepter et continuer' });
    expect(accept).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'J’ai lu et j’accepte ces documents' }));
    expect(accept).toBeEnabled();
    fireEvent.click(accept);
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/policies/accept')).toHaveLength(1));
    expect(requests.find((r) => r.path === '/api/policies/accept')!.body).toEqual({ versionIds: ['v-terms', 'v-privacy'] });
  });

  it('shows the server’s French refusal when the version is no longer current', async () => {
    fakeApi({ 'POST /api/policies/accept': () => apiError(409, 'conflict', 'Cette version n’est plus celle en vigueur : rechargez la page.') });
    renderAs('PT', <ConsentScreen versions={[CGU]} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'J’ai lu et j’accepte ces documents' }));
    fireEvent.click(screen.getByRole('button', { name: 'Accepter et continuer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Cette version n’est plus celle en vigueur : rechargez la page.');
  });
});

describe('/legal/{kind}', () => {
  it('shows the version in force of the kind asked for', async () => {
    fakeApi({ 'GET /api/policies/current': { data: [CGU, PRIVACY] } });
    renderAs('PR', <LegalPage />, { path: '/legal/:kind', url: '/legal/privacy' });
    expect(await screen.findByRole('heading', { name: 'Politique de confidentialité', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('Vos données restent en France.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Politique de confidentialité' })).toHaveAttribute('aria-selected', 'true');
    // The practice's text takes its own direction: French stays left to right in the Arabic interface.
    expect(screen.getByRole('heading', { name: 'Politique de confidentialité', level: 2 })).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Vos données restent en France.').closest('[dir]')).toHaveAttribute('dir', 'auto');
  });

  it('says when a kind has no published version yet', async () => {
    fakeApi({ 'GET /api/policies/current': { data: [CGU] } });
    renderAs('PR', <LegalPage />, { path: '/legal/:kind', url: '/legal/legal' });
    expect(await screen.findByText('Ce document n’est pas encore publié.')).toBeInTheDocument();
  });
});
