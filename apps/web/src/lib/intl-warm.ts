import type { IntlWarmRequest } from './intl-warm.worker.ts';

// The first Intl formatter a page makes (a date in the organisation's zone, a number) loads the
// platform's locale and zone data: 40–150 ms of the main thread in Chromium, whichever formatter
// comes first, and 4× that on Lighthouse's phone. That data is shared by the whole renderer
// process, threads included: made first in a worker, the main thread's first formatter then takes
// about 1 ms (issue 31; measured: docs/screens.md). A signed-in screen starts the worker with its
// chrome's chunk (app/root.tsx), well before its first date is drawn.

let started = false;

/** Starts, once per page, the worker that makes the first formatters off the main thread. */
export function warmIntl(): void {
  if (started || typeof Worker === 'undefined') return;
  started = true;
  try {
    const worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module', name: 'intl-warm' });
    worker.postMessage({ locale: document.documentElement.lang || 'fr' } satisfies IntlWarmRequest);
  } catch {
    // No worker (a browser that forbids it): the first formatter is then made on the main thread.
  }
}
