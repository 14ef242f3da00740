import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { DashboardPage } from './dashboard-page.tsx';

// /dashboard greets the user and links to the screens their role allows, and only those.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

async function shortcuts() {
  const list = await screen.findByRole('list', { name: 'Vos accès' });
  return within(list)
    .getAllByRole('link')
    .map((a) => ({ href: a.getAttribute('href'), text: a.textContent ?? '' }));
}

describe('/dashboard', () => {
  it('greets the user by first name with their role and practice', async () => {
    fakeApi({});
    renderAs(fakeUser('PR', { firstName: 'Julien', organization: 'Cabinet Démo' }), <DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Bonjour Julien' })).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-organisation')).toHaveTextContent('Cabinet Démo');
    expect(screen.getByText('Médecin généraliste')).toBeInTheDocument();
  });

  it('says a patient’s role once: their job is only the role’s label', async () => {
    fakeApi({});
    renderAs({ ...fakeUser('PT', { firstName: 'Lucas', idPatient: '00000000-0000-4000-8000-0000000000p1' }), job: 'Patient' }, <DashboardPage />);
    expect(await screen.findByRole('heading', { name: 'Bonjour Lucas' })).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-role')).toHaveTextContent('Patient');
    expect(screen.getAllByText('Patient')).toHaveLength(1);
  });

  it('gives an administrator the users screen, never the patient space', async () => {
    fakeApi({});
    renderAs('AD', <DashboardPage />);
    const links = await shortcuts();
    expect(links.some((l) => l.href === '/user' && l.text.startsWith('Utilisateurs'))).toBe(true);
    expect(links.some((l) => l.text.startsWith('Mon menu du jour'))).toBe(false);
    expect(links.some((l) => l.href === '/statistics')).toBe(true);
  });

  it('gives a patient their own space, never the users screen or the practice’s statistics', async () => {
    fakeApi({});
    renderAs(fakeUser('PT', { idPatient: '00000000-0000-4000-8000-0000000000p1' }), <DashboardPage />);
    const links = await shortcuts();
    expect(links.some((l) => l.text.startsWith('Mon menu du jour'))).toBe(true);
    expect(links.some((l) => l.text.startsWith('Mon programme sportif'))).toBe(true);
    expect(links.some((l) => l.href === '/user')).toBe(false);
    expect(links.some((l) => l.href === '/statistics')).toBe(false);
  });

  it('shows a patient their day cards, "À lire" and the shortcuts as named regions and links, drawn in static CSS, not MUI’s cards (issue 31)', async () => {
    const article = { id: 'a1', slug: 'bien-dormir', title: 'Bien dormir', summary: 'Sept habitudes.', category: 'sommeil', tags: [], language: 'fr', audience: 'patients', status: 'publié', publishAt: null, publishedAt: '2026-11-20T08:00:00.000Z', readingMinutes: 3, readCount: 0, coverUrl: null, pinned: true };
    fakeApi({ 'GET /api/chat/unread': { unread: 4, support: 0 }, 'GET /api/articles/feed': { data: [article] } });
    renderAs(fakeUser('PT', { idPatient: '00000000-0000-4000-8000-0000000000p1' }), <DashboardPage />);
    const messages = await screen.findByRole('region', { name: 'Mes messages' });
    expect(within(messages).getByRole('link', { name: 'Messagerie' })).toHaveAttribute('href', '/messaging');
    expect(await within(messages).findByText('4')).toBeInTheDocument();
    const toRead = await screen.findByRole('region', { name: 'À lire' });
    const link = within(toRead).getByRole('link', { name: /Bien dormir/ });
    expect(link).toHaveAttribute('href', '/articles/bien-dormir');
    expect(within(link).getByRole('img', { name: 'Épinglé' })).toBeInTheDocument();
    expect(within(link).getByRole('heading', { level: 3, name: 'Bien dormir' })).toBeInTheDocument();
    expect((await shortcuts()).some((l) => l.href === '/profile')).toBe(true);
    // MUI drew each of these cards with a dozen components and emotion rules made in the commit that
    // shows them; none is left (their CSS: dashboard.module.css). The cards' content is still MUI's
    // (a video visit's button has its icon): the icons are checked where they are the page's own.
    expect(document.body.querySelectorAll('.MuiCard-root, .MuiGrid-root, .MuiCardActionArea-root')).toHaveLength(0);
    for (const region of [toRead, screen.getByRole('list', { name: 'Vos accès' })]) expect(region.querySelectorAll('.MuiSvgIcon-root')).toHaveLength(0);
  });
});
