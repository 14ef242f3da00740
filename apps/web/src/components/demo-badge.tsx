import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';
import { queryKeys } from '../lib/query-keys.ts';

// Most servers run without demo data: the chip is not in the first load.
const DemoChip = lazy(() => import('./demo-chip.tsx').then((m) => ({ default: m.DemoChip })));

export function useMeta() {
  return useQuery({
    queryKey: queryKeys.meta,
    queryFn: ({ signal }) => api<{ success: boolean; demo: boolean }>('/meta', { signal, anonymous: true }),
    staleTime: Infinity,
    meta: { silent: true },
  });
}

/** DESIGN §5: a visible 'Mode démo' badge when the server runs with demo data. */
export function DemoBadge() {
  const { data } = useMeta();
  if (!data?.demo) return null;
  return (
    <Suspense fallback={null}>
      <DemoChip />
    </Suspense>
  );
}
