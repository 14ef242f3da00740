import { Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../components/toaster.tsx';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { ProfileView } from './components/profile-view.tsx';
import { PROFILE } from './profile.fixture.ts';


const NEW_PASSWORD = 'Nouveau-Mdp-2026!';
let fetchMock: ReturnType<typeof vi.fn>;

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderView(profile = PROFILE) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <>
          <Toaster />
          <Suspense fallback="…">{children}</Suspense>
        </>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return render(wrap(<ProfileView profile={profile} />));
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
/** Sets a field's whole value in one change event (typing key by key is slow in happy-dom with MUI). */
function fill(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}
const saveButton = () => screen.getByRole('button', { name: 'Enregistrer' });

async function enterEditMode() {
  await userEvent.click(screen.getByRole('button', { name: 'Faire une mise à jour' }));
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces('profile');
});

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('profile screen', { timeout: 20_000 }, () => {
  it('shows the name, the job, the active checkbox checked and disabled, and read-only fields', () => {
    renderView();
    expect(screen.getByTestId('profile-name')).toHaveTextContent('Antoine Lefèvre');
    expect(screen.getByTestId('profile-job')).toHaveTextContent('Médecin généraliste');
    const active = screen.getByRole('checkbox', { name: 'Utilisateur Actif' });
    expect(active).toBeChecked();
    expect(active).toBeDisabled();
    for (const label of ['Nom', 'Prénom', 'Email', 'Métier / Spécialité', 'Nom d’utilisateur']) {
      expect(field(label)).toHaveAttribute('readonly');
    }
    expect(field('Nom')).toHaveValue('Lefèvre');
  });

  it('keeps the phones and the password fields locked outside edit mode, and the save disabled', async () => {
    renderView();
    for (const label of ['Téléphone', 'Téléphone professionnel', 'Ancien mot de passe', 'Nouveau mot de passe', 'Confirmer le nouveau mot de passe']) {
      expect(field(label)).toBeDisabled();
    }
    expect(field('Téléphone')).toHaveValue('06 11 22 33 02');
    expect(saveButton()).toBeDisabled();

    await enterEditMode();
    for (const label of ['Téléphone', 'Téléphone professionnel', 'Ancien mot de passe', 'Nouveau mot de passe', 'Confirmer le nouveau mot de passe']) {
      expect(field(label)).toBeEnabled();
    }
    // Identity stays read-only in edit mode.
    expect(field('Email')).toHaveAttribute('readonly');

    await enterEditMode();
    expect(field('Téléphone')).toBeDisabled();
  });

  it('enables save only once the three password fields are filled and valid', async () => {
    renderView();
    await enterEditMode();
    expect(saveButton()).toBeDisabled();
    fill('Ancien mot de passe', 'Demo-Wellbe-2026!');
    expect(saveButton()).toBeDisabled();
    fill('Nouveau mot de passe', NEW_PASSWORD);
    expect(saveButton()).toBeDisabled();
    fill('Confirmer le nouveau mot de passe', NEW_PASSWORD);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    fill('Confirmer le nouveau mot de passe', NEW_PASSWORD + 'x');
    await waitFor(() => expect(saveButton()).toBeDisabled());
  });

  it('shows the SPEC §5 messages under each field as the user types', async () => {
    renderView();
    await enterEditMode();
    fill('Ancien mot de passe', 'a');
    fill('Ancien mot de passe', '');
    expect(await screen.findByText('Entrez ancien votre mot de passe.')).toBeInTheDocument();

    fill('Nouveau mot de passe', 'court');
    expect(
      await screen.findByText('Le mot de passe doit contenir 11 caractères minimum, 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial'),
    ).toBeInTheDocument();
    fill('Nouveau mot de passe', '');
    expect(await screen.findByText('Entrez nouveau votre mot de passe.')).toBeInTheDocument();

    fill('Nouveau mot de passe', NEW_PASSWORD);
    fill('Confirmer le nouveau mot de passe', 'Autre-Mdp-2026!');
    expect(await screen.findByText('Les mots de passe doivent correspondre')).toBeInTheDocument();
    fill('Confirmer le nouveau mot de passe', '');
    fill('Confirmer le nouveau mot de passe', NEW_PASSWORD);
    await waitFor(() => expect(screen.queryByText('Les mots de passe doivent correspondre')).not.toBeInTheDocument());

    fill('Téléphone', '');
    fill('Téléphone', '12345');
    expect(await screen.findByText('Numéro de téléphone invalide : un numéro français ou international est attendu.')).toBeInTheDocument();
  });

  it('ticks the strength checklist class by class', async () => {
    renderView();
    await enterEditMode();
    const item = (check: string) => document.querySelector(`[data-check="${check}"]`)!;
    expect(item('uppercase')).toHaveAttribute('data-met', 'false');
    fill('Nouveau mot de passe', 'A');
    expect(item('uppercase')).toHaveAttribute('data-met', 'true');
    expect(item('lowercase')).toHaveAttribute('data-met', 'false');
    fill('Nouveau mot de passe', 'Ab1!');
    expect(item('lowercase')).toHaveAttribute('data-met', 'true');
    expect(item('digit')).toHaveAttribute('data-met', 'true');
    expect(item('special')).toHaveAttribute('data-met', 'true');
    expect(item('length')).toHaveAttribute('data-met', 'false');
    fill('Nouveau mot de passe', 'Ab1!cdefghi');
    expect(item('length')).toHaveAttribute('data-met', 'true');
  });

  it('shows and hides a password', async () => {
    renderView();
    await enterEditMode();
    const input = field('Ancien mot de passe');
    expect(input).toHaveAttribute('type', 'password');
    const toggles = screen.getAllByRole('button', { name: 'Afficher le mot de passe' });
    await userEvent.click(toggles[0]);
    expect(input).toHaveAttribute('type', 'text');
  });

  it('asks for confirmation before resetting, and resets only when confirmed', async () => {
    renderView();
    await enterEditMode();
    fill('Ancien mot de passe', 'Demo-Wellbe-2026!');
    fill('Téléphone', '');
    fill('Téléphone', '07 00 00 00 00');

    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser le formulaire' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('êtes vous sur de vouloir réinitialiser?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field('Ancien mot de passe')).toHaveValue('Demo-Wellbe-2026!');

    await userEvent.click(screen.getByRole('button', { name: 'Réinitialiser le formulaire' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réinitialiser' }));
    await waitFor(() => expect(field('Ancien mot de passe')).toHaveValue(''));
    expect(field('Téléphone')).toHaveValue('06 11 22 33 02');
    expect(field('Téléphone')).toBeDisabled();
  });

  it('saves: sends userUpdate, shows the French toast and clears the password fields', async () => {
    const saved = { ...PROFILE, phoneNumber: '07 00 00 00 00' };
    fetchMock.mockResolvedValueOnce(answer(200, { success: true, access_token: 'a.b.c', data: { ...saved, data: saved } }));
    fetchMock.mockResolvedValue(answer(200, { success: true, data: { ...saved, data: saved } }));
    renderView();
    await enterEditMode();
    fill('Téléphone', '');
    fill('Téléphone', '07 00 00 00 00');
    fill('Ancien mot de passe', 'Demo-Wellbe-2026!');
    fill('Nouveau mot de passe', NEW_PASSWORD);
    fill('Confirmer le nouveau mot de passe', NEW_PASSWORD);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.click(saveButton());

    expect(await screen.findByText('Profil mis à jour avec succès')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/profil');
    expect(JSON.parse(init.body as string)).toEqual({
      action: 'updatePassword',
      userUpdate: {
        Iduser: PROFILE.idUser,
        idOrganization: PROFILE.idOrganization,
        username: 'pa',
        phoneNumber: '07 00 00 00 00',
        professionalNumber: '',
        oldPassword: 'Demo-Wellbe-2026!',
        password: NEW_PASSWORD,
        passwordConfirm: NEW_PASSWORD,
      },
    });
    await waitFor(() => expect(field('Ancien mot de passe')).toHaveValue(''));
    expect(field('Nouveau mot de passe')).toHaveValue('');
    expect(field('Confirmer le nouveau mot de passe')).toHaveValue('');
    expect(field('Téléphone')).toHaveValue('07 00 00 00 00');
  });

  it('saves a new phone on its own, with no password change (a deliberate choice over one save)', async () => {
    const saved = { ...PROFILE, phoneNumber: '07 00 00 00 00' };
    fetchMock.mockResolvedValue(answer(200, { success: true, data: { ...saved, data: saved } }));
    renderView();
    await enterEditMode();
    const savePhones = screen.getByRole('button', { name: 'Enregistrer les téléphones' });
    expect(savePhones).toBeDisabled();
    fill('Téléphone', '');
    fill('Téléphone', '07 00 00 00 00');
    await waitFor(() => expect(savePhones).toBeEnabled());
    // The password save still waits for its three fields; the phones do not.
    expect(saveButton()).toBeDisabled();
    await userEvent.click(savePhones);
    expect(await screen.findByText('Téléphones enregistrés')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/profil');
    expect(JSON.parse(init.body as string)).toEqual({
      action: 'updatePhones',
      userUpdate: { Iduser: PROFILE.idUser, idOrganization: PROFILE.idOrganization, phoneNumber: '07 00 00 00 00', professionalNumber: '' },
    });
    expect(field('Téléphone')).toHaveValue('07 00 00 00 00');
    await waitFor(() => expect(savePhones).toBeDisabled());
  });

  it('shows a wrong old password under its field', async () => {
    fetchMock.mockResolvedValueOnce(answer(400, { success: false, error: { code: 'wrong_old_password', message: 'Ancien mot de passe incorrect' } }));
    renderView();
    await enterEditMode();
    fill('Ancien mot de passe', 'Mauvais-Mdp-2026!');
    fill('Nouveau mot de passe', NEW_PASSWORD);
    fill('Confirmer le nouveau mot de passe', NEW_PASSWORD);
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.click(saveButton());
    expect(await screen.findByText('Ancien mot de passe incorrect')).toBeInTheDocument();
    expect(field('Ancien mot de passe')).toHaveAttribute('aria-invalid', 'true');
  });
  it('shows server refusals in the user language (429 in English)', async () => {
    await i18n.changeLanguage('en');
    try {
      fetchMock.mockResolvedValueOnce(answer(429, { success: false, error: { code: 'too_many_attempts', message: 'Trop de tentatives. Réessayez dans 15 minutes.' } }));
      renderView();
      await userEvent.click(await screen.findByRole('button', { name: 'Make an update' }));
      fireEvent.change(screen.getByLabelText('Old password', { selector: 'input' }), { target: { value: 'Mauvais-Mdp-2026!' } });
      fireEvent.change(screen.getByLabelText('New password', { selector: 'input' }), { target: { value: NEW_PASSWORD } });
      fireEvent.change(screen.getByLabelText('Confirm the new password', { selector: 'input' }), { target: { value: NEW_PASSWORD } });
      const save = screen.getByRole('button', { name: 'Save' });
      await waitFor(() => expect(save).toBeEnabled());
      await userEvent.click(save);
      expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});
