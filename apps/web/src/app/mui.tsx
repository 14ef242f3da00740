import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { REDIRECTS, findRoute, guard } from '@wellbe/shared/routes';
import type { Role } from '@wellbe/shared/roles';
import { useToasterWanted } from '../lib/notify.ts';
import { loadMui, useMuiModule } from '../lib/mui.ts';
import { useSession } from '../lib/session.ts';
import { Splash } from '../components/splash.tsx';

/** Whether a path is drawn without MUI: the sign-in form, and the pages a guest is sent from to it. */
export function isPlainPath(pathname: string, role: Role | null): boolean {
  const path = REDIRECTS[pathname] ?? pathname;
  return findRoute(path)?.area === 'login' || guard(path, role).kind === 'login';
}

/**
 * Around the routes: MUI's providers (lib/mui.ts) once needed, that is for any page but the sign-in
 * form, or for a toast. The sign-in form's first load carries no MUI and no emotion (issue 13).
 */
export function MuiGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { role } = useSession();
  const plain = isPlainPath(pathname, role);
  const wanted = useToasterWanted() || !plain;
  // Rendering the app inside MUI's providers is the first load's biggest render (the layout and
  // the page at once): deferred, React renders it in slices of a few milliseconds between which
  // the browser stays responsive, instead of one task of ~250 ms (Lighthouse's TBT, issue 13).
  const mui = useDeferredValue(useMuiModule());
  useEffect(() => {
    if (wanted) void loadMui();
  }, [wanted]);
  if (mui) return <mui.MuiProviders>{children}</mui.MuiProviders>;
  return plain ? children : <Splash />;
}
