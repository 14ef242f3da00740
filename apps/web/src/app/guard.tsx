import { Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PERMISSIONS } from '@wellbe/shared/permissions';
import { findRoute, guard } from '@wellbe/shared/routes';
import { i18n } from '../i18n/i18n.ts';
import { notify } from '../lib/notify.ts';
import type { RouteRule } from '@wellbe/shared/routes';
import { setRedirectUrl, takeRedirectUrl, useSession } from '../lib/session.ts';
import { PageLoader } from '../components/page-loader.tsx';
import { Splash } from '../components/splash.tsx';
import { pageFor } from './pages.ts';

/**
 * SPEC §4 route guard, deciding with packages/shared `guard()` (the same table as the menu and the
 * server): allowed -> the page; a user with a role who is not allowed -> the stored redirect URL or
 * /; a user without a role -> /login, keeping the requested path as the redirect URL.
 */
/** 'Accès réservé à …' with the role labels the route's rule allows (SPEC §6). */
export function reservedMessage(pathname: string): string {
  const access = findRoute(pathname)?.access;
  const roles: readonly string[] = access && access in PERMISSIONS ? PERMISSIONS[access as keyof typeof PERMISSIONS] : [];
  const labels = roles.map((r) => i18n.t(`common:roles.${r}`));
  return labels.length ? i18n.t('common:guard.reserved', { roles: labels.join(', ') }) : i18n.t('common:guard.reservedOther');
}

export function GuardedRoute({ rule }: { rule: RouteRule }) {
  const { role } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const outcome = guard(location.pathname, role);

  // Navigation is a side effect (the redirect URL is read once): done after render, not during it,
  // and once per location (React's strict mode runs effects twice). A passive effect, not a layout
  // one: the app's router (BrowserRouter) hears of a navigation through a history listener that
  // its own layout effect subscribes, after its children's. A guard in the router's first commit (a
  // token refused at start-up) redirected before that, and only the address changed.
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (outcome.kind === 'allow' || handled.current === location.key + outcome.kind) return;
    handled.current = location.key + outcome.kind;
    if (outcome.kind === 'login') {
      setRedirectUrl(location.pathname + location.search);
      void navigate('/login', { replace: true });
    } else if (outcome.kind === 'away') {
      // Never a silent bounce: the user is told who the page is for. A guest-only page (sign-in,
      // forgotten password) is left without a word: signing in lands there before moving on.
      const access = findRoute(location.pathname)?.access;
      if (access !== 'guest' && access !== 'guestOnly') notify(reservedMessage(location.pathname), 'warning');
      const stored = takeRedirectUrl();
      const target = stored && stored !== location.pathname ? stored : '/';
      void navigate(target, { replace: true });
    }
  }, [outcome.kind, location.key, location.pathname, location.search, navigate]);

  if (outcome.kind !== 'allow') return <PageLoader page />;
  const Page = pageFor(rule.area);
  // Pages without chrome (sign-in) load behind the splash rather than a spinner on an empty page.
  return (
    <Suspense fallback={rule.chrome === 'none' ? <Splash /> : <PageLoader page />}>
      <Page area={rule.area} />
    </Suspense>
  );
}
