import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, styled, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { MaterialDesignContent, SnackbarProvider } from 'notistack';
import { I18nextProvider } from 'react-i18next';
import { MAX_SNACKS } from '@wellbe/shared/constants';
import { i18n, isRtl } from '../i18n/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { emotionCache, loadRtlCache } from './emotion-cache.ts';
import { createAppTheme } from './theme.ts';

function subscribeLanguage(listener: () => void) {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

export function useLanguage(): string {
  return useSyncExternalStore(subscribeLanguage, () => i18n.language);
}

// notistack's default toast colours (a light green on white text...) fail WCAG AA contrast: use the
// theme's darker ones, so every toast reads at 4.5:1 or more.
const Toast = styled(MaterialDesignContent)(({ theme }) => ({
  '&.notistack-MuiContent-success': { backgroundColor: theme.palette.success.main },
  '&.notistack-MuiContent-error': { backgroundColor: theme.palette.error.dark },
  '&.notistack-MuiContent-warning': { backgroundColor: '#92400e' },
  '&.notistack-MuiContent-info': { backgroundColor: theme.palette.info.dark },
}));
/** The bottom-right toast stack (see ConsultationLauncher). */
export const TOASTS_CLASS = 'wellbe-toasts';
const TOASTS = { success: Toast, error: Toast, warning: Toast, info: Toast, default: Toast };

/** Theme (with the RTL direction for ar), i18n, server state and toasts (SPEC §9: max 5, bottom right). */
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
  return (
    <I18nextProvider i18n={i18n}>
      <CacheProvider value={emotionCache(direction)!}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <QueryClientProvider client={queryClient}>
            <SnackbarProvider
              maxSnack={MAX_SNACKS}
              anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
              autoHideDuration={5000}
              Components={TOASTS}
              // A class of our own, so the consultation launcher can lift the toasts above its button.
              classes={{ containerAnchorOriginBottomRight: TOASTS_CLASS }}
            >
              {children}
            </SnackbarProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </CacheProvider>
    </I18nextProvider>
  );
}
