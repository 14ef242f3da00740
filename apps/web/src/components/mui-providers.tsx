import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { i18n, isRtl } from '../i18n/i18n.ts';
import { useToasterWanted } from '../lib/notify.ts';
import { emotionCache, loadRtlCache } from '../lib/emotion-cache.ts';
import { createAppTheme } from '../lib/theme.ts';
import { loadThemeLocale, themeLocale } from '../lib/theme-locale.ts';

export { loadRtlCache };

function subscribeLanguage(listener: () => void) {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

export function useLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, () => i18n.language);
}

// The toasts (notistack) are not in the first load: mounted at the first toast (lib/notify.ts).
const Toaster = lazy(() => import('./toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * MUI's theme (with the RTL direction for ar), its emotion cache and baseline, and the toasts
 * (components/toaster.tsx, SPEC §9): its own chunk, loaded by app/mui.ts for every page but the
 * sign-in form (issue 13). Server state (react-query) is provided by app/query-provider.tsx around
 * the pages that use it (root.tsx). `scope`: only the theme, for a MUI part of the sign-in page
 * (its second step) while the rest of the app has not loaded MUI.
 */
export function MuiProviders({ children, scope = false }: { children: ReactNode; scope?: boolean }) {
  const language = useLanguage();
  const wanted = isRtl(language) ? 'rtl' : 'ltr';
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (wanted === 'rtl' && !emotionCache('rtl')) void loadRtlCache().then(() => setLoaded((n) => n + 1));
  }, [wanted]);
  useEffect(() => {
    if (!themeLocale(language)) void loadThemeLocale(language).then(() => setLoaded((n) => n + 1));
  }, [language]);
  // Until the right-to-left styles are loaded (a moment, once), the page keeps left-to-right styles;
  // until MUI's texts of a new language are, those of the previous one (lib/mui.ts loads those of
  // the first one before the app is drawn; only the sign-in's second step may come before).
  const direction = wanted === 'rtl' && emotionCache('rtl') ? 'rtl' : 'ltr';
  const shown = useRef(language);
  if (themeLocale(language)) shown.current = language;
  const locale = themeLocale(shown.current);
  const theme = useMemo(() => createAppTheme(direction, locale), [direction, locale]);
  const toaster = useToasterWanted() && !scope;
  return (
    <CacheProvider value={emotionCache(direction)!}>
      <ThemeProvider theme={theme}>
        {!scope && <CssBaseline />}
        {children}
        {toaster && (
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        )}
      </ThemeProvider>
    </CacheProvider>
  );
}
