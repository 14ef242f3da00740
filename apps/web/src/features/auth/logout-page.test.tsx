import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n.ts';
import { getSession, setSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { LOGOUT_SHOWN_MS, LogoutPage } from './logout-page.tsx';

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces('auth');
});
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  setSession(fakeUser('PR'), 'header.payload.signature');
  fetchMock = vi.fn(() => Promise.resolve(new Response('{"success":true}')));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('logout page', () => {
  it('signs out at once, keeps « Déconnecter.. » on screen long enough to be read, then goes to /', async () => {
    render(
      <MemoryRouter initialEntries={['/logout']}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/logout" element={<LogoutPage />} />
            <Route path="/" element={<p>accueil</p>} />
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    expect(screen.getByText('Déconnecter..')).toBeInTheDocument();
    // The server's answer comes at once: the session is cleared, the text stays.
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(getSession().status).toBe('guest');
    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_SHOWN_MS - 100));
    expect(screen.getByText('Déconnecter..')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByText('Déconnecter..')).toBeNull();
    expect(screen.getByText('accueil')).toBeInTheDocument();
  });
});
