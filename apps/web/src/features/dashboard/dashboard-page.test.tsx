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
});
