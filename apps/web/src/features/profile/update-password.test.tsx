import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { setSession } from '../../lib/session.ts';
import { readToken } from '../../lib/token.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { useProfile } from './api/read-profile.ts';
import { useUpdatePassword } from './api/update-password.ts';
import { PROFILE } from './profile.fixture.ts';

// SPEC §7: after updatePassword "the profile is then re-read". The answer already carries the saved
// profile: the screen shows it at once, and its message does not wait for the re-read (a slow one
// held the « Profil mis à jour avec succès » back).

const answer = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setSession(fakeUser('PA'), 'old.token.value');
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('shows the saved profile at once, then re-reads it with the new token', async () => {
  const saved = { ...PROFILE, professionalNumber: '01 45 67 89 10' };
  let answerReread!: () => void;
  fetchMock
    .mockResolvedValueOnce(answer({ success: true, data: { ...PROFILE, data: PROFILE } }))
    .mockResolvedValueOnce(answer({ success: true, access_token: 'new.token.value', data: { ...saved, data: saved } }))
    .mockImplementationOnce(() => new Promise((resolve) => (answerReread = () => resolve(answer({ success: true, data: { ...saved, data: saved } })))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => ({ profile: useProfile(PROFILE.idUser, PROFILE.idOrganization), update: useUpdatePassword() }), { wrapper });
  await waitFor(() => expect(result.current.profile.data?.professionalNumber).toBe(PROFILE.professionalNumber));

  await act(() =>
    result.current.update.mutateAsync({ Iduser: PROFILE.idUser, idOrganization: PROFILE.idOrganization, phoneNumber: '', professionalNumber: '01 45 67 89 10', oldPassword: 'Demo-Wellbe-2026!', password: 'Nouveau-Mdp-2026!', passwordConfirm: 'Nouveau-Mdp-2026!' }),
  );
  // Saved while the re-read is still on its way.
  expect(result.current.profile.data?.professionalNumber).toBe('01 45 67 89 10');
  expect(readToken()).toBe('new.token.value');
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  const [, reread] = fetchMock.mock.calls[2] as [string, RequestInit];
  expect(JSON.parse(reread.body as string)).toMatchObject({ action: 'read', Iduser: PROFILE.idUser });
  expect((reread.headers as Record<string, string>).authorization).toBe('Bearer new.token.value');
  answerReread();
  await waitFor(() => expect(result.current.profile.isFetching).toBe(false));
});
