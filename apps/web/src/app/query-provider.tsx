import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client.ts';
import { onSessionEnd } from '../lib/session.ts';

// Server state (react-query) for every page but /login, whose first load does without it (issue 13):
// this chunk is loaded by root.tsx with the layout or the guest page that needs it.

// Nothing of the previous user stays in memory.
onSessionEnd(() => queryClient.clear());

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
