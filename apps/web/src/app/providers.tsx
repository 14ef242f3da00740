import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, isRtl } from '../i18n/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { useToasterWanted, wantToaster } from '../lib/notify.ts';
import { emotionCache, loadRtlCache } from './emotion-cache.ts';
import { createAppTheme } from './theme.ts';

function subscribeLanguage(listener: () => void) {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

export function useLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, () => i18n.language);
}

// The toasts (notistack) are not in the first load: mounted once the page is idle, or at the first toast.
const Toaster = lazy(() => import('../components/toaster.tsx').then((m) => ({ default: m.Toaster })));

/** Theme (with the RTL direction for ar), i18n, server state and toasts (app/toaster.tsx, SPEC §9). */
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
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1500));
    idle(wantToaster, { timeout: 4000 });
  }, []);
  return (
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={emotionCache(direction)!}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            {children}
            {toaster && (
              <Suspense fallback={null}>
                <Toaster />
              </Suspense>
            )}
          </QueryClientProvider>
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>
  );
}
