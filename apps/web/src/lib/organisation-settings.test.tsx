import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@wellbe/shared/domain/organisation-settings';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { DEFAULT_LANGUAGE_KEY, LANGUAGE_KEY, changeLanguage, i18n, i18nReady } from '../i18n/i18n.ts';
import { fakeUser } from '../test/fixtures.ts';
import { useOrganisationLanguage } from './organisation-settings.ts';
import { createQueryClient } from './query-client.ts';
import { queryKeys } from './query-keys.ts';
import { setSession } from './session.ts';

// The organisation's default language, applied by the layout to a user who never chose one.

let settings: OrganisationSettingsValues;

beforeAll(() => i18nReady);
beforeEach(async () => {
  await changeLanguage('fr');
  localStorage.removeItem(LANGUAGE_KEY);
  localStorage.removeItem(DEFAULT_LANGUAGE_KEY);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (new URL(input, 'http://localhost').pathname !== '/api/organisations/current/settings') return new Response('{}', { status: 404 });
      return new Response(JSON.stringify({ success: true, data: settings }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('fr');
  localStorage.removeItem(LANGUAGE_KEY);
  localStorage.removeItem(DEFAULT_LANGUAGE_KEY);
});

/** The layout's hook beside a text it translates. */
function Screen() {
  useOrganisationLanguage();
  const { t } = useTranslation('common');
  return <p>{t('actions.close')}</p>;
}

/** Renders the screen; resolves once the organisation's settings have answered. */
async function renderScreen() {
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Screen />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: queryKeys.settings.all }).some((q) => q.state.status === 'success')).toBe(true));
  return view;
}

describe('the organisation’s default language', () => {
  it('applies another language than the page’s to a user who never chose one', async () => {
    settings = { ...DEFAULT_SETTINGS, language: 'en' };
    await renderScreen();
    await waitFor(() => expect(screen.getByText('Close')).toBeInTheDocument());
    expect(i18n.language).toBe('en');
  });

  it('announces no change when the page is already in it: the screen is not drawn again for nothing', async () => {
    settings = { ...DEFAULT_SETTINGS, language: 'fr' };
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    try {
      await renderScreen();
      expect(changed).not.toHaveBeenCalled();
      expect(i18n.language).toBe('fr');
      expect(screen.getByText('Fermer')).toBeInTheDocument();
    } finally {
      i18n.off('languageChanged', changed);
    }
  });

  it('keeps the default apart from a choice: a later change of the default applies too', async () => {
    settings = { ...DEFAULT_SETTINGS, language: 'en' };
    const first = await renderScreen();
    await waitFor(() => expect(i18n.language).toBe('en'));
    // The next visit's frame is painted in it (index.html's first script reads it), as no choice.
    expect(localStorage.getItem(DEFAULT_LANGUAGE_KEY)).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBeNull();
    first.unmount();

    settings = { ...DEFAULT_SETTINGS, language: 'ar' };
    await renderScreen();
    await waitFor(() => expect(screen.getByText('إغلاق')).toBeInTheDocument());
    expect(localStorage.getItem(DEFAULT_LANGUAGE_KEY)).toBe('ar');
  });

  it('keeps the default shown until the settings answer, rather than French in between', async () => {
    localStorage.setItem(DEFAULT_LANGUAGE_KEY, 'en');
    await act(() => i18n.changeLanguage('en'));
    settings = { ...DEFAULT_SETTINGS, language: 'en' };
    const changed = vi.fn();
    i18n.on('languageChanged', changed);
    try {
      await renderScreen();
      expect(changed).not.toHaveBeenCalled();
      expect(screen.getByText('Close')).toBeInTheDocument();
    } finally {
      i18n.off('languageChanged', changed);
    }
  });

  it('leaves the language a user chose', async () => {
    settings = { ...DEFAULT_SETTINGS, language: 'en' };
    localStorage.setItem(LANGUAGE_KEY, 'ar');
    await changeLanguage('ar');
    await renderScreen();
    expect(i18n.language).toBe('ar');
    expect(screen.getByText('إغلاق')).toBeInTheDocument();
  });
});
