import createCache, { type EmotionCache } from '@emotion/cache';

// SPEC §1: Arabic is right-to-left. MUI's styles flip through a second emotion cache whose stylis
// pipeline mirrors left/right. That pipeline (stylis-plugin-rtl, cssjanus) is loaded only when a
// right-to-left language is chosen, so the first load of /login stays small.
const ltrCache = createCache({ key: 'mui', prepend: true });
let rtlCache: EmotionCache | null = null;
let rtlLoading: Promise<EmotionCache> | null = null;

export function loadRtlCache(): Promise<EmotionCache> {
  rtlLoading ??= import('./emotion-rtl.ts').then((m) => (rtlCache = m.createRtlCache()));
  return rtlLoading;
}

/** The cache for a direction, or null while the right-to-left one is still loading. */
export function emotionCache(direction: 'ltr' | 'rtl'): EmotionCache | null {
  return direction === 'rtl' ? rtlCache : ltrCache;
}
