import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { I18nextProvider } from 'react-i18next';
import { i18n, isRtl } from '../i18n/i18n.ts';
import { useToasterWanted } from '../lib/notify.ts';
import { emotionCache, loadRtlCache } from './emotion-cache.ts';
import { createAppTheme } from './theme.ts';

function subscribeLanguage(listener: () => void) {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

export function useLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, () => i18n.language);
}

// The toasts (notistack) are not in the first load: mounted at the first toast (lib/notify.ts).
const Toaster = lazy(() => import('../components/toaster.tsx').then((m) => ({ default: m.Toaster })));

/**
 * Theme (with the RTL direction for ar), i18n and toasts (components/toaster.tsx, SPEC §9). Server
 * state (react-query) is provided by app/query-provider.tsx around the pages that use it (root.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const wanted = isRtl(language) ? 'rtl' : 'ltr';
  const [, setRtlLoaded] = useState(false);
  useEffect(() => {
    if (wanted === 'rtl' && !emotionCache('rtl')) void loadRtlCache().then(() => setRtlLoaded(true));
  }, [wanted]);
  // Until the right-to-left styles are loaded (a moment, once), the page keeps left-to-right styles.
  const direction = wanted === 'rtl' && emotionCache('rtl') ? 'rtl' : 'ltr';
  const theme = useMemo(() => createAppTheme(language, direction), [language, direction]);
  const toaster = useToasterWanted();
  return (
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={emotionCache(direction)!}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          {children}
          {toaster && (
            <Suspense fallback={null}>
              <Toaster />
            </Suspense>
          )}
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>
  );
}
