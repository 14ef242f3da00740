import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@wellbe/shared/schemas/profile';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { ProfessionalIdsSection } from './components/professional-ids-section.tsx';
import { PROFILE } from './profile.fixture.ts';


function renderSection(profile: Profile) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrap = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </I18nextProvider>
  );
  return render(wrap(<ProfessionalIdsSection profile={profile} />));
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces('profile');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/profile: RPPS and ADELI numbers', () => {
  it('shows the French message under an RPPS whose key is wrong and keeps the save disabled', async () => {
    renderSection(PROFILE);
    fireEvent.change(screen.getByLabelText('Numéro RPPS', { selector: 'input' }), { target: { value: '10009876541' } });
    expect(await screen.findByText('Le numéro RPPS doit comporter 11 chiffres, dont une clé de contrôle valide.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer les identifiants' }).hasAttribute('disabled')).toBe(true);
  });

  it('sends a valid number with the profile’s identity', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { ...PROFILE, rpps: '10009876540', data: { ...PROFILE, rpps: '10009876540' } } }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    renderSection(PROFILE);
    fireEvent.change(screen.getByLabelText('Numéro RPPS', { selector: 'input' }), { target: { value: '1000 9876 540' } });
    const save = screen.getByRole('button', { name: 'Enregistrer les identifiants' });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ action: 'updateProfessionalIds', userUpdate: { Iduser: PROFILE.idUser, rpps: '10009876540', adeli: '' } });
  });

  it('is not shown to a patient', () => {
    const { container } = renderSection({ ...PROFILE, role: 'PT' });
    expect(container.textContent).toBe('');
  });
});
