import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { SupportPage } from './support-page.tsx';

// /support: the practice a PA or SA asks for help, as GET /api/organisations/current/contact says.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const CONTACT = '/api/organisations/current/contact';

describe('/support', () => {
  it('shows the practice’s phone, email and address as links to call or write', async () => {
    fakeApi({ [`GET ${CONTACT}`]: { data: { name: 'Cabinet Démo', phone: '01 23 45 67 89', email: 'accueil@demo.wellbe.fr', address: '1 rue de la Paix, 75002 Paris' } } });
    renderAs('PA', <SupportPage />);
    expect(await screen.findByRole('heading', { name: 'Cabinet Démo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '01 23 45 67 89' })).toHaveAttribute('href', 'tel:0123456789');
    expect(screen.getByRole('link', { name: 'accueil@demo.wellbe.fr' })).toHaveAttribute('href', 'mailto:accueil@demo.wellbe.fr');
    expect(screen.getByText('1 rue de la Paix, 75002 Paris')).toBeInTheDocument();
    expect(screen.queryByText('Aucune coordonnée n’est renseignée pour ce cabinet.')).not.toBeInTheDocument();
  });

  it('says when the practice has no contact details', async () => {
    fakeApi({ [`GET ${CONTACT}`]: { data: { name: 'Cabinet Démo', phone: null, email: null, address: null } } });
    renderAs('SA', <SupportPage />);
    expect(await screen.findByText('Aucune coordonnée n’est renseignée pour ce cabinet.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the server’s French message when the practice cannot be read', async () => {
    fakeApi({ [`GET ${CONTACT}`]: () => apiError(404, 'not_found', 'Organisation introuvable.') });
    renderAs('PA', <SupportPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Organisation introuvable.');
  });
});
