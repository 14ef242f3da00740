import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { findRoute } from '@wellbe/shared/routes';
import { checkStoredToken, onSessionEnd, setRedirectUrl, useSession } from '../lib/session.ts';
import { queryClient } from '../lib/query-client.ts';
import { Splash } from '../components/splash.tsx';
import { Layout } from './layout/layout.tsx';

let started = false;

/** Top of the route tree: start-up token check with its splash, session-end navigation, the layout. */
export function Root() {
  const { status } = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    // SPEC §4: at start a stored token is checked; the splash shows meanwhile. Once per page load.
    if (started) return;
    started = true;
    void checkStoredToken();
  }, []);

  useEffect(
    () =>
      onSessionEnd((reason) => {
        // Nothing of the previous user stays in memory.
        queryClient.clear();
        // SPEC §4: a 401 or an expired token clears the session and goes to /login (logout has its page).
        if (reason !== 'logout') {
          const { pathname, search } = window.location;
          if (pathname !== '/login') setRedirectUrl(pathname + search);
          void navigate('/login', { replace: true });
        }
      }),
    [navigate],
  );

  if (status === 'checking') return <Splash />;
  const chrome = findRoute(location.pathname)?.chrome !== 'none';
  return (
    <Layout chrome={chrome}>
      <Outlet />
    </Layout>
  );
}

/** For tests: lets a fresh render run the start-up check again. */
export function resetStartupForTests() {
  started = false;
}
