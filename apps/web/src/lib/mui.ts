import { useSyncExternalStore } from 'react';
import { i18n, isRtl } from '../i18n/i18n.ts';
import { loadThemeLocale } from './theme-locale.ts';
import type * as MuiProvidersModule from '../components/mui-providers.tsx';

// MUI and emotion are not in the first load of /login (issue 13): the sign-in form is drawn with
// plain elements and CSS. Every other page, and the toasts, run inside MuiProviders (app/mui.tsx),
// loaded here (its own chunk, with the right-to-left styles when the language is Arabic) and kept
// once loaded.
type MuiModule = typeof MuiProvidersModule;
let loaded: MuiModule | null = null;
let loading: Promise<MuiModule> | null = null;
const listeners = new Set<() => void>();

const fetchMui = () => import('../components/mui-providers.tsx');

/** Loads MUI's providers and switches the app to them (app/preload.ts, app/mui.tsx). */
export function loadMui(): Promise<MuiModule> {
  if (loading) return loading;
  // MUI's texts of the language load with MUI, not after it: the page is drawn at once with them.
  const locale = loadThemeLocale(i18n.language);
  loading = fetchMui().then(async (m) => {
    await Promise.all([isRtl(i18n.language) ? m.loadRtlCache() : undefined, locale]);
    loaded = m;
    for (const listener of listeners) listener();
    return m;
  });
  return loading;
}

/** Fetches MUI's chunk without switching to it (the sign-in form, while it signs in: the page after it needs MUI). */
export function prefetchMui(): void {
  fetchMui().catch(() => undefined);
}

/** MUI's providers once loaded, else null. */
export function useMuiModule(): MuiModule | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
  );
}
