import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { setConsentRequiredHandler } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { Splash } from '../../components/splash.tsx';
import { usePendingPolicies } from './api/policies.ts';

const ConsentScreen = lazy(() => import('./consent-screen.tsx').then((m) => ({ default: m.ConsentScreen })));

/**
 * Issue 20: a signed-in user who owes the acceptance of a policy version in force sees the consent
 * screen instead of the app (the server answers 403 `consent_required` to everything else anyway).
 */
export function ConsentGate({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { status } = useSession();
  const { pathname } = useLocation();
  // Signing out stays possible whatever is owed.
  const pending = usePendingPolicies(status === 'signed-in' && pathname !== '/logout');
  useEffect(() => {
    setConsentRequiredHandler(() => void queryClient.invalidateQueries({ queryKey: queryKeys.policies.pending }));
    return () => setConsentRequiredHandler(() => {});
  }, [queryClient]);
  // While the answer comes the app renders as usual (no extra wait for everyone): the server
  // refuses every call of a user who owes an acceptance, and the screen below replaces the app.
  if (status === 'signed-in' && pathname !== '/logout' && pending.data && pending.data.length > 0) {
    return (
      <Suspense fallback={<Splash />}>
        <ConsentScreen versions={pending.data} />
      </Suspense>
    );
  }
  return <>{children}</>;
}
