import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@wellbe/shared/roles';
import { i18nReady } from '../../i18n/i18n.ts';
import { endSession, setSession, type SignedInUser } from '../../lib/session.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { fakeApi } from '../../test/render.tsx';
import { NavMenu } from './navbar.tsx';
import { UserMenu } from './user-menu.tsx';

beforeAll(async () => {
  await i18nReady;
});
// The menu asks for the practitioner's diary badge: none new unless a test says otherwise.
let diaryNew = { count: 0, patients: [] as { idPatient: string; FullName: string; count: number }[] };
beforeEach(() => {
  diaryNew = { count: 0, patients: [] };
  fakeApi({ 'GET /api/diary/notifications': () => ({ success: true, data: diaryNew }) });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function menuFor(role: Role | null): Promise<string[]> {
  act(() => (role ? setSession(fakeUser(role), 'header.payload.signature') : endSession('logout')));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback={null}>
          <NavMenu compact={false} />
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
  return within(nav)
    .queryAllByRole('link')
    .map((a) => a.textContent ?? '');
}

// SPEC §2 menu entries filtered by role with the SPEC §6 table (the same as guards and server).
describe('side navigation by role', () => {
  it('PR: dashboard, agenda, patient files, notes, sport programs, questionnaires, the practice statistics, billing', async () => {
    expect(await menuFor('PR')).toEqual(['Tableau de Bord', 'Agenda', 'Dossiers patients', 'Notes', 'Programmes sportifs', 'Questionnaires', 'Statistiques du cabinet', 'Facturation']);
  });

  it('DE sees every entry, developer-only ones included', async () => {
    expect(await menuFor('DE')).toEqual([
      'Tableau de Bord',
      'Agenda',
      'Dossiers patients',
      'Rendez-Vous',
      'Messagerie',
      'Notes',
      'Diététique',
      'Programmes sportifs',
      'Questionnaires',
      'Statistiques',
      'Statistiques du cabinet',
      'Utilisateurs',
      'Organisations',
      'Paramètres WellBe',
      'Exemple',
    ]);
  });

  it('RH: no patient files, but appointments, notes and the practice’s billing', async () => {
    expect(await menuFor('RH')).toEqual(['Tableau de Bord', 'Agenda', 'Rendez-Vous', 'Notes', 'Statistiques du cabinet', 'Facturation']);
  });

  it('SA: users and organisations, no developer entries, no practice billing', async () => {
    expect(await menuFor('SA')).toEqual(['Tableau de Bord', 'Agenda', 'Dossiers patients', 'Notes', 'Programmes sportifs', 'Questionnaires', 'Statistiques du cabinet', 'Utilisateurs', 'Organisations']);
  });

  it('PT: dashboard, own file, appointments, notes', async () => {
    expect(await menuFor('PT')).toEqual(['Tableau de Bord', 'Dossiers patients', 'Rendez-Vous', 'Notes']);
  });

  it('PR: the Patients entry shows the new diary entries of the followed patients, like the chat’s unread badge', async () => {
    diaryNew = { count: 3, patients: [{ idPatient: 'p1', FullName: 'Lucas Bernard', count: 3 }] };
    await menuFor('PR');
    const entry = await screen.findByRole('link', { name: 'Dossiers patients (3 nouvelles entrées de journal)' });
    expect(within(entry).getByTestId('nav-diary-badge')).toHaveTextContent('3');
    expect(screen.getAllByTestId('nav-diary-badge')).toHaveLength(1);
  });

  it('a guest has no entry', async () => {
    expect(await menuFor(null)).toEqual([]);
  });
});

/** The toolbar's user menu button for this signed-in user (or a guest). */
function renderUserMenu(user: SignedInUser | null) {
  act(() => (user ? setSession(user, 'header.payload.signature') : endSession('logout')));
  render(
    <MemoryRouter>
      <Suspense fallback={null}>
        <UserMenu />
      </Suspense>
    </MemoryRouter>,
  );
}

async function userMenuFor(role: Role | null): Promise<string[]> {
  renderUserMenu(role ? fakeUser(role) : null);
  act(() => screen.getByRole('button', { name: 'Menu utilisateur' }).click());
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((i) => i.textContent ?? '');
}

describe('user menu by role (SPEC §2, §6)', () => {
  it('PA: Préférences, Support, Contact, Profil, Déconnexion', async () => {
    expect(await userMenuFor('PA')).toEqual(['Préférences', 'Support', 'Contact', 'Profil', 'Déconnexion']);
  });

  it('RH: no Préférences (dietetic preferences group) and no Support (PA or SA only)', async () => {
    expect(await userMenuFor('RH')).toEqual(['Contact', 'Profil', 'Déconnexion']);
  });

  it('signed out: Login and Register', async () => {
    expect(await userMenuFor(null)).toEqual(['Login', 'Register']);
  });

  it('shows the display name cut at 16 characters plus an ellipsis, the job and the role label', async () => {
    renderUserMenu(fakeUser('PR', { displayName: 'Jean-Christophe de La Fontaine' }));
    expect(await screen.findByTestId('user-display-name')).toHaveTextContent('Jean-Christophe …');
    expect(screen.getByText('Médecin généraliste · Praticien')).toBeInTheDocument();
  });

  it('says the role once when the job is only the role (a patient has no job of their own)', async () => {
    renderUserMenu({ ...fakeUser('PT'), job: 'Patient' });
    const button = await screen.findByRole('button', { name: 'Menu utilisateur' });
    expect(button).toHaveTextContent(/^Julien MoreauPatientJM$/);
    expect(button).not.toHaveTextContent('Patient · Patient');
  });
});
