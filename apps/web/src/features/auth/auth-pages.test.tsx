import { Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { endSession, getSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { LoginPage } from './login-page.tsx';
import { RegisterPage } from './register-page.tsx';

function wrap(node: ReactNode) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <Suspense fallback={null}>{node}</Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  endSession('logout');
  fetchMock = vi.fn((url: string) =>
    Promise.resolve(url === '/api/meta' ? new Response(JSON.stringify({ success: true, demo: false })) : new Response('{}', { status: 500 })),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('login page', () => {
  it('shows the server’s message when sign-in fails (SPEC §8)', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url === '/api/user'
          ? new Response(JSON.stringify({ success: false, error: { code: 'login_failed', message: 'Identifiant ou mot de passe incorrect.' } }), { status: 401 })
          : new Response(JSON.stringify({ success: true, demo: false })),
      ),
    );
    wrap(<LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nom d’utilisateur'), 'pr');
    await user.type(screen.getByLabelText('Mot de passe'), 'mauvais');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Identifiant ou mot de passe incorrect.');
    expect(getSession().status).toBe('guest');
  });

  it('names what each field holds for password managers, with the type its autocomplete goes with', async () => {
    // HTML_CodeSniffer (pa11y's WCAG 2 AA runner) fails /login on autocomplete="username" without a type.
    wrap(<LoginPage />);
    const username = await screen.findByLabelText('Nom d’utilisateur');
    expect(username).toHaveAttribute('type', 'text');
    expect(username).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Mot de passe')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('shows the password on demand and asks for both fields before calling the server', async () => {
    wrap(<LoginPage />);
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Mot de passe');
    await user.type(password, 'secret');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Afficher le mot de passe' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Masquer le mot de passe' }));
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Entrez votre nom d’utilisateur et votre mot de passe.');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user')).toBe(false);
    for (const name of ['Mot de passe oublié ?', 'Créer un compte', 'Conditions générales d’utilisation', 'Politique de confidentialité', 'Mentions légales']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Utiliser une clé d’accès' })).toBeInTheDocument();
  });

  it('signs in through POST /api/user action login and stores the session', async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        url === '/api/user'
          ? new Response(JSON.stringify({ success: true, user: fakeUser('PR'), data: { access_token: 'a.b.c' } }))
          : new Response(JSON.stringify({ success: true, demo: false })),
      ),
    );
    wrap(<LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nom d’utilisateur'), 'pr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Demo-Wellbe-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await vi.waitFor(() => expect(getSession().status).toBe('signed-in'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user')!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({ action: 'login', Username: 'pr', Password: 'Demo-Wellbe-2026!' });
  });
});

describe('register page', () => {
  it('checks the email and the SPEC §5 password rule before calling the server', async () => {
    wrap(<RegisterPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Nom complet/), 'Nadia Fournier');
    await user.type(screen.getByLabelText(/Adresse email/), 'nadia@');
    await user.type(screen.getByLabelText(/Nouveau mot de passe/), 'court');
    await user.type(screen.getByLabelText(/Confirmation du mot de passe/), 'autre');
    await user.click(screen.getByRole('button', { name: 'Créer mon compte' }));
    expect(await screen.findByText('Entrez une adresse email valide.')).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe doit contenir 11 caractères minimum, 1 majuscule, 1 minuscule, 1 chiffre et 1 caractère spécial')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/register')).toBe(false);
  });
});
