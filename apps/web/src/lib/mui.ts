import { useSyncExternalStore } from 'react';
import { i18n, isRtl } from '../i18n/i18n.ts';
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
  loading ??= fetchMui().then(async (m) => {
    if (isRtl(i18n.language)) await m.loadRtlCache();
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
