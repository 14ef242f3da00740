import { Suspense, useDeferredValue, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { REDIRECTS, findRoute, type Area } from '@wellbe/shared/routes';
import { checkStoredToken, onSessionEnd, setRedirectUrl, useSession } from '../lib/session.ts';
import { Splash } from '../components/splash.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { lazyReady } from '../lib/lazy-ready.ts';
import { warmIntl } from '../lib/intl-warm.ts';

// The chrome (navbar, toolbar, panels) is its own chunk: /login and the guest pages never load it.
// Preloaded, it renders without suspending (lib/lazy-ready.ts).
// With it, the worker that loads the formatters' data off the main thread (lib/intl-warm.ts).
const { Component: Layout, preload: loadLayout } = lazyReady(() => {
  warmIntl();
  return import('./layout/layout.tsx').then((m) => ({ default: m.Layout }));
});

/** Starts loading the chrome's chunk (main.tsx, for a signed-in first load). */
export function preloadLayout(): void {
  loadLayout().catch(() => undefined);
}

// react-query, for every page but the sign-in form (which needs no server state).
const { Component: QueryProvider, preload: loadQueries } = lazyReady(() => import('./query-provider.tsx').then((m) => ({ default: m.QueryProvider })));

/** Starts loading react-query's chunk (preload.ts, for any page but /login). */
export function preloadQueries(): void {
  loadQueries().catch(() => undefined);
}

/** Whether a page needs react-query: all but the sign-in form, whose first load is the smallest. */
export function needsQueries(area: Area): boolean {
  return area !== 'login';
}

let started = false;

/** SPEC §4: the stored token is checked once per page load; main.tsx starts it before the first render. */
export function startStoredTokenCheck(): void {
  if (started) return;
  started = true;
  void checkStoredToken();
}

/** Top of the route tree: start-up token check with its splash, session-end navigation, the layout. */
export function Root() {
  const { status } = useSession();
  // Leaving the start-up check draws the layout and the page: in slices, as a deferred render (see
  // app/mui.tsx), the splash staying until it is done. Any later change of status applies at once.
  const starting = useDeferredValue(status) === 'checking';
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    // SPEC §4: at start a stored token is checked; the splash shows meanwhile. Once per page load.
    startStoredTokenCheck();
  }, []);

  useEffect(
    () =>
      onSessionEnd((reason) => {
        // (query-provider.tsx clears react-query's cache.)
        // SPEC §4: a 401 or an expired token clears the session and goes to /login (logout has its page).
        if (reason !== 'logout') {
          const { pathname, search } = window.location;
          if (pathname !== '/login') setRedirectUrl(pathname + search);
          void navigate('/login', { replace: true });
        }
      }),
    [navigate],
  );

  if (status === 'checking' || starting) return <Splash />;
  // A SPEC §2 redirect ('/' -> '/dashboard') is followed before any chrome: inside the layout it
  // would wait behind the consent gate, and a user who owes an acceptance would stay on '/'.
  if (Object.hasOwn(REDIRECTS, location.pathname)) return <Outlet />;
  const rule = findRoute(location.pathname);
  if (rule?.chrome === 'none') {
    return (
      <main style={{ minHeight: '100vh' }}>
        {!needsQueries(rule.area) ? (
          <Outlet />
        ) : (
          <Suspense fallback={<Splash />}>
            <QueryProvider>
              <Outlet />
            </QueryProvider>
          </Suspense>
        )}
      </main>
    );
  }
  return (
    <Suspense fallback={<Splash />}>
      <QueryProvider>
        <Layout>
          <Suspense fallback={<PageLoader page />}>
            <Outlet />
          </Suspense>
        </Layout>
      </QueryProvider>
    </Suspense>
  );
}

/** For tests: lets a fresh render run the start-up check again. */
export function resetStartupForTests() {
  started = false;
}
