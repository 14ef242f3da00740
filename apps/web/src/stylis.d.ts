// stylis ships no types; emotion only needs its prefixer plugin (RTL cache, lib/emotion-cache.ts).
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}
