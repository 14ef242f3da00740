import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loaded<P> = { default: ComponentType<P> };

/**
 * React's lazy() whose loading is shared with a preload (app/preload.ts starts the page's and the
 * layout's chunks before the first render), and which renders at once when the chunk is already
 * there. React's lazy calls `then` on what its loader returns and renders the component only if it
 * is called back at once; a promise calls back in a later microtask, so a lazy component always
 * suspended at its first render, even with its chunk loaded: its boundary drew the fallback, the
 * screen was committed without it, and the work after the first paint (closed panels, the chat's
 * events) came before React rendered it again. On the mobile dashboard the page's first screen
 * painted ~400 ms after the chrome (issue 31). Once loaded, the loader answers a thenable that
 * calls back synchronously.
 */
export function lazyReady<P>(load: () => Promise<Loaded<P>>): { Component: LazyExoticComponent<ComponentType<P>>; preload: () => Promise<Loaded<P>> } {
  let loaded: Loaded<P> | null = null;
  let loading: Promise<Loaded<P>> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed chunk (network) may be asked for again.
        loading = null;
        throw error;
      },
    ));
  const ready = (module: Loaded<P>) => ({ then: (resolve: (value: Loaded<P>) => void) => resolve(module) }) as unknown as Promise<Loaded<P>>;
  return { Component: lazy(() => (loaded ? ready(loaded) : preload())), preload };
}
