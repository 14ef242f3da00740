import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n/i18n.ts';

/**
 * i18n for the whole app. MUI (theme, emotion, baseline, toasts: components/mui-providers.tsx) is
 * not here: app/mui.tsx loads it around every page but the sign-in form, whose first load carries
 * none of it (issue 13).
 */
export function Providers({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
