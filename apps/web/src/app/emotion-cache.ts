import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

// SPEC §1: Arabic is right-to-left. MUI's styles flip through a second emotion cache whose stylis
// pipeline mirrors left/right; each direction keeps its own cache so switching back is instant.
const caches: Partial<Record<'ltr' | 'rtl', EmotionCache>> = {};

export function emotionCache(direction: 'ltr' | 'rtl'): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui', prepend: true });
  return caches[direction]!;
}
