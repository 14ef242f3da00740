import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@wellbe/shared/schemas/profile';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { fakeApi } from '../../test/render.tsx';
import { SignatureSection } from './components/signature-section.tsx';
import { PROFILE } from './profile.fixture.ts';

// /profile's signature card: a practitioner without a signature reads so (the server answers 204: a
// 404 was a failed load in the browser's console on every /profile), one with a signature sees it,
// and a patient's profile asks nothing (a 403 was logged there).

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

function renderSection(profile: Profile) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <SignatureSection profile={profile} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces('profile');
  URL.createObjectURL ??= () => 'blob:signature';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/profile: the signature of documents', () => {
  it('says there is none when the server answers 204, and offers no removal', async () => {
    const asked = fakeApi({ 'GET /api/profil/signature': () => new Response(null, { status: 204 }) });
    renderSection({ ...PROFILE, role: 'PR' });
    expect(await screen.findByText('Aucune signature enregistrée.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirer la signature' })).toBeNull();
    expect(asked.map((r) => r.path)).toEqual(['/api/profil/signature']);
  });

  it('shows the signature the server sends', async () => {
    fakeApi({ 'GET /api/profil/signature': () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'content-type': 'image/png' } }) });
    renderSection({ ...PROFILE, role: 'PR' });
    expect(await screen.findByRole('img', { name: 'Aperçu de votre signature' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retirer la signature' })).toBeInTheDocument();
  });

  it('uploads the image chosen through its button (a real button: a label with the role of one is not allowed)', async () => {
    const asked = fakeApi({ 'GET /api/profil/signature': () => new Response(null, { status: 204 }), 'POST /api/profil/signature': { success: true } });
    renderSection({ ...PROFILE, role: 'PR' });
    expect((await screen.findByRole('button', { name: 'Choisir une image' })).tagName).toBe('BUTTON');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'signature.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Choisir une image'), { target: { files: [file] } });
    await waitFor(() => expect(asked.some((r) => r.method === 'POST' && r.path === '/api/profil/signature')).toBe(true));
  });

  it('draws nothing and asks nothing for a patient', async () => {
    const asked = fakeApi({});
    renderSection({ ...PROFILE, role: 'PT' });
    // What a mounted query would have sent by now (its fetch starts in the effects' microtasks).
    await act(async () => undefined);
    expect(screen.queryByText('Signature des documents')).toBeNull();
    expect(asked).toEqual([]);
  });
});
