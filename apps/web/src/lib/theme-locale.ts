import type { Localization } from '@mui/material/locale';
import { DEFAULT_LANGUAGE, type Language } from '@wellbe/shared/constants';
import { isLanguage } from '../i18n/i18n.ts';

// MUI's texts (pagination, rating, autocomplete...) of each language, each in a chunk of its own
// (lib/mui-locales), loaded for the language shown: each of MUI's locale modules builds an
// Intl.NumberFormat as it is evaluated, and the four of them took ~75 ms of a phone's main thread
// at start (issue 13). No MUI code here: lib/mui.ts, in the first load, starts the language's
// chunk beside MUI's own.
const LOCALES: Record<Language, () => Promise<{ default: Localization }>> = {
  fr: () => import('./mui-locales/fr.ts'),
  en: () => import('./mui-locales/en.ts'),
  tr: () => import('./mui-locales/tr.ts'),
  ar: () => import('./mui-locales/ar.ts'),
};
const locales = new Map<Language, Localization>();

const languageOf = (language: string): Language => (isLanguage(language) ? language : DEFAULT_LANGUAGE);

/** Loads MUI's texts for a language (kept once loaded). */
export async function loadThemeLocale(language: string): Promise<void> {
  const code = languageOf(language);
  if (!locales.has(code)) locales.set(code, (await LOCALES[code]()).default);
}

/** MUI's texts for a language, or null while they load. */
export function themeLocale(language: string): Localization | null {
  return locales.get(languageOf(language)) ?? null;
}
