import { lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
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
  const owes = status === 'signed-in' && pathname !== '/logout';
  const waiting = owes && pending.data === undefined && !pending.isError;
  // The answer comes through react-query's store, whose updates React renders at once, in one task:
  // the chrome and the page are then drawn in a deferred render, in slices between which the browser
  // stays responsive (issue 31: a phone's main thread was held ~180 ms at 4× CPU), the splash staying
  // until it is done.
  const stillWaiting = useDeferredValue(waiting);
  if (owes && pending.data && pending.data.length > 0) {
    return (
      <Suspense fallback={<Splash />}>
        <ConsentScreen versions={pending.data} />
      </Suspense>
    );
  }
  // Nothing of the app is drawn before the answer: its queries (the organisation's settings, the
  // unread count, the page's data) would each get 403 `consent_required` from a user who owes an
  // acceptance. The answer comes with the page's chunks; an unanswered check (network) lets the
  // app through, the server still refusing.
  if (waiting || stillWaiting) return <Splash />;
  return <>{children}</>;
}
