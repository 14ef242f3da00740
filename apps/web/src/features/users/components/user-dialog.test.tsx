import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@wellbe/shared/roles';
import type { ManagedUser } from '@wellbe/shared/schemas/users';
import { i18nReady } from '../../../i18n/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { UserDialog } from './user-dialog.tsx';

const SPECIALISTS = [{ id: 1, idJobSpecialist: 1, label: 'Médecin généraliste', labels: {}, dietetic: false, active: true }];

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: SPECIALISTS }), { headers: { 'content-type': 'application/json' } })));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(role: Role, user: ManagedUser | null = null) {
  act(() => setSession(fakeUser(role), 'header.payload.signature'));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback={null}>
        <UserDialog user={user} onClose={() => {}} onSaved={() => {}} />
      </Suspense>
    </QueryClientProvider>,
  );
}

async function roleChoices(): Promise<string[]> {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Rôle/ }));
  const list = await screen.findByRole('listbox');
  return within(list)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
}

describe('user dialog: the roles an administrator may grant', () => {
  it('AD grants only roles without patient access, and nobody picks Patient here', async () => {
    open('AD');
    expect(await roleChoices()).toEqual(['Gestionnaire', 'Ressources Humaines', 'Utilisateur']);
  });

  it('SA may grant every role but Patient', async () => {
    open('SA');
    expect(await roleChoices()).toEqual([
      'Super Administrateur',
      'Praticien administrateur',
      'Praticien Gestionnaire',
      'Praticien',
      'Gestionnaire',
      'Ressources Humaines',
      'Utilisateur',
      'Maintenance',
      'Développeur',
    ]);
  });

  it('editing oneself: the role is locked and says why', async () => {
    const me = fakeUser('AD');
    open('AD', {
      idUser: me.id,
      idOrganization: me.idOrganization,
      organization: 'Cabinet Démo',
      username: 'ad',
      email: 'ad@demo.wellbe.fr',
      firstName: 'Nathalie',
      lastName: 'Garnier',
      role: 'AD',
      job: null,
      idJobSpecialist: null,
      jobSpecialist: null,
      phoneNumber: null,
      professionalNumber: null,
      active: true,
      idPatient: null,
      lastSignInAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      invitation: 'none',
      invitationExpiresAt: null,
    });
    expect(await screen.findByText('Vous ne pouvez pas modifier votre propre rôle.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Rôle/ })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the shared French messages before anything is sent', async () => {
    open('AD');
    fireEvent.change(await screen.findByLabelText(/Adresse email/), { target: { value: 'pas-un-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Créer et inviter' }));
    expect(await screen.findByText('Adresse email invalide.')).toBeInTheDocument();
    expect(await screen.findByText('Le prénom est obligatoire.')).toBeInTheDocument();
    // Only the specialities were fetched: nothing was created.
    expect(vi.mocked(fetch).mock.calls.every(([url]) => String(url).includes('Job_specialist'))).toBe(true);
  });
});
