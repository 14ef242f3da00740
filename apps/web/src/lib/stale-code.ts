/** When the last reload for stale code happened (sessionStorage: this tab only). */
const RELOADED_AT_KEY = 'wellbe.staleCodeReloadAt';
/** A second failure this soon after a reload is not stale code: the error boundary says it. */
const AGAIN_AFTER_MS = 60_000;

type Reloadable = Pick<Window, 'addEventListener' | 'sessionStorage'> & { location: Pick<Location, 'reload'>; navigator: Pick<Navigator, 'onLine'> };

/**
 * A tab kept open across a deployment asks for chunks by the names of the build it started with;
 * the server no longer has them, and the dynamic import fails (Vite dispatches `vite:preloadError`
 * on window). The page is reloaded once, which fetches the new build; a failure again within a
 * minute is left to the app's error boundary (components/error-boundary.tsx), with no reload loop,
 * and so is one while the browser is offline (a reload would show its offline page instead).
 */
export function reloadOnStaleCode(win: Reloadable = window) {
  win.addEventListener('vite:preloadError', () => {
    if (!win.navigator.onLine) return;
    let last = 0;
    try {
      last = Number(win.sessionStorage.getItem(RELOADED_AT_KEY)) || 0;
    } catch {
      // No storage: reload, as the first time.
    }
    if (Date.now() - last < AGAIN_AFTER_MS) return;
    try {
      win.sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    } catch {
      // Without storage the next failure reloads again: still no loop faster than a page load.
    }
    win.location.reload();
  });
}
