import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE_STORAGE_KEY, LANGUAGE_STORAGE_KEY } from '@wellbe/shared/boot';
import { DEFAULT_LANGUAGE, FALLBACK_LANGUAGE, LANGUAGES, RTL_LANGUAGES, type Language } from '@wellbe/shared/constants';
import defaultCommon from './fr/common.json';

// SPEC §1: fr by default, en as fallback, tr and ar. Each namespace of each language is its own
// JSON file loaded on demand (`src/i18n/<lang>/<namespace>.json`), so the login chunk carries only
// what the login page shows. A feature adds its namespace as a new file in the four folders.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

// index.html's first script reads the same keys to draw the frame in the user's direction (shared
// boot.ts): the language the user chose, else the organisation's default last applied.
export const LANGUAGE_KEY = LANGUAGE_STORAGE_KEY;
export const DEFAULT_LANGUAGE_KEY = DEFAULT_LANGUAGE_STORAGE_KEY;

/** Whether a namespace has its bundle (app/preload.ts starts a page's texts with its chunk). */
export function hasBundle(namespace: string): boolean {
  return `./${DEFAULT_LANGUAGE}/${namespace}.json` in bundles;
}

const lazyBundles: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = bundles[`./${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, null),
    );
  },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function read(key: string): Language | null {
  try {
    const value = localStorage.getItem(key);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // no storage: the language lasts for the page
  }
}

function write(key: string, language: Language): void {
  try {
    localStorage.setItem(key, language);
  } catch {
    // no storage: the language lasts for the page
  }
}

function storedLanguage(): Language {
  return read(LANGUAGE_KEY) ?? read(DEFAULT_LANGUAGE_KEY) ?? DEFAULT_LANGUAGE;
}

/** Whether this browser keeps a language the user chose (else the organisation's default applies). */
export function hasChosenLanguage(): boolean {
  return read(LANGUAGE_KEY) !== null;
}

export function isRtl(language: string): boolean {
  return (RTL_LANGUAGES as readonly string[]).includes(language);
}

/**
 * Sets <html lang dir> (SPEC §1: Arabic is right-to-left), writing only what changed: at start-up
 * index.html's boot script has already set both (shared boot.ts), and a write, even of the same
 * value, invalidates the whole page's style as this module is evaluated (a style recalculation
 * scheduled, seen in a trace of /login; issue 31).
 */
function applyDocumentLanguage(language: string) {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  const dir = isRtl(language) ? 'rtl' : 'ltr';
  if (root.lang !== language) root.lang = language;
  if (root.dir !== dir) root.dir = dir;
}

export const i18n = i18next.createInstance();

const initialLanguage = storedLanguage();

export const i18nReady = i18n
  .use(lazyBundles)
  .use(initReactI18next)
  .init({
    lng: initialLanguage,
    // en is the fallback of tr and ar. French, the default, is complete (i18n.test checks every
    // language has every key), so a French screen never fetches the English bundles it would not use.
    // i18next asks without a code when namespaces are loaded before its language is set (the
    // preload of app/preload.ts): the language being set is meant, else the English was fetched.
    fallbackLng: (code?: string) => ((code ?? i18n.language ?? initialLanguage) === DEFAULT_LANGUAGE ? [] : [FALLBACK_LANGUAGE]),
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    // The French common texts, those of every screen's first render, come with the entry: French is
    // the default, and fetched they waited behind the page's chunks on a slow line (issue 13).
    resources: { [DEFAULT_LANGUAGE]: { common: defaultCommon } },
    // ...the other namespaces and languages through lazyBundles.
    partialBundledLanguages: true,
    // A page's namespaces and the chrome's are asked for at once (app/preload.ts): i18next's default
    // of 10 reads at a time would hold the last ones back.
    maxParallelReads: 32,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

applyDocumentLanguage(i18n.language ?? DEFAULT_LANGUAGE);
i18n.on('languageChanged', applyDocumentLanguage);

/** The user's choice (the language menu): kept, and it wins over their organisation's default. */
export async function changeLanguage(language: Language): Promise<void> {
  write(LANGUAGE_KEY, language);
  await i18n.changeLanguage(language);
}

/**
 * The organisation's default for a user who chose none: kept apart from a choice, so that a later
 * change of the default applies too. Nothing is announced when the page is already in it: i18next
 * announces a change even to the same language, and every component that translates (the whole
 * signed-in screen) would render again at once, in one task (issue 31).
 */
export async function applyDefaultLanguage(language: Language): Promise<void> {
  write(DEFAULT_LANGUAGE_KEY, language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}
