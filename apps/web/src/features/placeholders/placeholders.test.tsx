import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { NotFoundPage } from './not-found-page.tsx';

// SPEC §2: an unknown address shows the 404 page, whose button leads back to the dashboard.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

describe('404', () => {
  it('says the page is not found and leads back to the dashboard', async () => {
    fakeApi({});
    const router = renderAs('PR', <NotFoundPage />, { path: '*', url: '/nulle-part' });
    expect(await screen.findByRole('heading', { name: 'Sorry but we could not find the page you are looking for' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Retour au tableau de bord' }));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
