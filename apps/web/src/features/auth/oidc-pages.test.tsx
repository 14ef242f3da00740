import { Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { endSession, getSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { textsInEachLanguage } from '../../test/texts.ts';
import { LoginPage } from './login-page.tsx';
import { OidcLoginPage } from './oidc-login-page.tsx';

// Sign-in by OpenID Connect on the web side: the Pro Santé Connect button of /login, the button an
// enforcing organisation names, and /login/oidc (the ticket's exchange, a refusal in the reader's language).

const wrap = (node: ReactNode) => render(<MemoryRouter><Suspense fallback={null}>{node}</Suspense></MemoryRouter>);
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
const PSC = { id: '00000000-0000-4000-8000-000000000001', kind: 'psc', label: 'Pro Santé Connect', startUrl: '/api/auth/oidc/00000000-0000-4000-8000-000000000001/start' };
const KEYCLOAK = { id: '00000000-0000-4000-8000-000000000002', kind: 'generic', label: 'Keycloak du cabinet', startUrl: '/api/auth/oidc/00000000-0000-4000-8000-000000000002/start' };

// The browser's WebAuthn prompt, answered at once (the server's verdict is what is tested here).
vi.mock('@simplewebauthn/browser', () => ({ startAuthentication: async () => ({ id: 'a', rawId: 'a', type: 'public-key', response: {}, clientExtensionResults: {} }) }));

const ENFORCED = 'Votre organisation exige la connexion par son fournisseur d’identité : utilisez le bouton « Se connecter avec Keycloak du cabinet ».';

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
});
textsInEachLanguage(['auth', 'oidc']);
beforeEach(() => {
  endSession('logout');
  fetchMock = vi.fn((url: string) => (url === '/api/auth/oidc/providers' ? json({ success: true, data: [PSC] }) : json({ success: true, demo: false })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('/login', () => {
  it('offers "Se connecter avec Pro Santé Connect" when the platform configured it', async () => {
    wrap(<LoginPage />);
    expect(await screen.findByRole('link', { name: 'Se connecter avec Pro Santé Connect' })).toHaveAttribute('href', PSC.startUrl);
  });

  it('shows the organisation’s button with its French refusal of the password', async () => {
    const message = ENFORCED;
    fetchMock.mockImplementation((url: string) =>
      url === '/api/user' ? json({ success: false, error: { code: 'oidc_required', message, details: { provider: KEYCLOAK } } }, 403) : json({ success: true, data: [PSC] }),
    );
    wrap(<LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nom d’utilisateur'), 'pr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Demo-Wellbe-2026!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('link', { name: 'Se connecter avec Keycloak du cabinet' })).toHaveAttribute('href', KEYCLOAK.startUrl);
  });

  it('shows the organisation’s button when it refuses a passkey too', async () => {
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      if (url !== '/api/user') return json({ success: true, data: [PSC] });
      if (JSON.parse(String(init?.body)).action === 'passkeyOptions') return json({ success: true, data: { challengeId: '00000000-0000-4000-8000-000000000003', options: { challenge: 'c' } } });
      return json({ success: false, error: { code: 'oidc_required', message: ENFORCED, details: { provider: KEYCLOAK } } }, 403);
    });
    wrap(<LoginPage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Utiliser une clé d’accès' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ENFORCED);
    expect(screen.getByRole('link', { name: 'Se connecter avec Keycloak du cabinet' })).toHaveAttribute('href', KEYCLOAK.startUrl);
  });
});

describe('/login/oidc', () => {
  it('tells an unknown professional to ask for an invitation', async () => {
    window.location.hash = '#error=unknown_professional';
    wrap(<OidcLoginPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Aucun compte WellBe ne correspond à votre identité. Demandez une invitation à l’administrateur de votre structure');
    expect(screen.getByRole('heading', { name: 'Compte introuvable' })).toBeInTheDocument();
  });

  it('exchanges the ticket for the session and takes it out of the address', async () => {
    fetchMock.mockImplementation((url: string) => (url === '/api/auth/oidc/finish' ? json({ success: true, user: fakeUser('PR'), access_token: 'a.b.c' }) : json({ success: true })));
    window.location.hash = '#ticket=abcdefghijklmnopqrstuvwxyz';
    wrap(<OidcLoginPage />);
    await vi.waitFor(() => expect(getSession().status).toBe('signed-in'));
    expect(window.location.hash).toBe('');
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/oidc/finish')!;
    expect(JSON.parse(String((call[1] as RequestInit).body))).toEqual({ ticket: 'abcdefghijklmnopqrstuvwxyz' });
  });
});

describe('refusals in the reader’s language (the server writes them in French)', () => {
  const refusePassword = () =>
    fetchMock.mockImplementation((url: string) =>
      url === '/api/user' ? json({ success: false, error: { code: 'oidc_required', message: ENFORCED, details: { provider: KEYCLOAK } } }, 403) : json({ success: true, data: [PSC] }),
    );
  async function signInAs(language: string) {
    await act(() => i18n.changeLanguage(language));
    refusePassword();
    wrap(<LoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(i18n.t('auth:login.username')), 'pr');
    await user.type(screen.getByLabelText(i18n.t('auth:login.password')), 'Demo-Wellbe-2026!');
    await user.click(screen.getByRole('button', { name: i18n.t('auth:login.submit') }));
  }

  it('an enforcing organisation’s refusal of the password, in English', async () => {
    await signInAs('en');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your organisation requires sign-in through its identity provider: use the “Sign in with Keycloak du cabinet” button.');
  });

  it('the same in Arabic', async () => {
    await signInAs('ar');
    expect(await screen.findByRole('alert')).toHaveTextContent('تشترط مؤسستك تسجيل الدخول عبر مزوّد الهوية الخاص بها: استخدم زر «تسجيل الدخول عبر Keycloak du cabinet».');
  });

  it('a refused link (wrong password or code), in English; a code the texts do not know shows the server’s message, in English too', async () => {
    await act(() => i18n.changeLanguage('en'));
    let code = 'oidc_link_code_required';
    let message = 'Mot de passe ou code incorrect : le compte n’a pas été associé.';
    fetchMock.mockImplementation((url: string) => {
      if (url === '/api/auth/oidc/finish') return json({ success: false, linkRequired: true, email: 'pr@wellbe.test', provider: 'Pro Santé Connect' });
      if (url === '/api/auth/oidc/link') return json({ success: false, error: { code, message } }, 401);
      return json({ success: true });
    });
    window.location.hash = '#ticket=abcdefghijklmnopqrstuvwxyz';
    wrap(<OidcLoginPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(i18n.t('oidc:link.password')), 'faux');
    await user.click(screen.getByRole('button', { name: i18n.t('oidc:link.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong password or code: the account was not linked.');
    code = 'something_new';
    message = 'Cette connexion a expiré ou a déjà servi. Recommencez la connexion.';
    await user.click(screen.getByRole('button', { name: i18n.t('oidc:link.submit') }));
    // The API client reads the server's French in the reader's language (lib/server-messages.ts).
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This sign-in has expired or was already used. Please start again.'));
  });
});
