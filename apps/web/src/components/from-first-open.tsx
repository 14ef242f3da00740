import { Suspense, type ReactNode } from 'react';
import { useOpenedOnce } from '../lib/use-first-open.ts';

/**
 * Draws its children from the first time `open` is true on, and keeps them: for a closed panel whose
 * drawer and code (a lazy component) are fetched at its first opening, not with every screen. The
 * layout's closed panels brought MUI's drawers, radios and the `forms` chunk (about 60 KB
 * compressed) into every signed-in screen, run before the page was idle (issue 31). The drawer itself
 * mounts closed and slides in (lib/use-first-open.ts).
 */
export function FromFirstOpen({ open, children }: { open: boolean; children: ReactNode }) {
  return useOpenedOnce(open) ? <Suspense fallback={null}>{children}</Suspense> : null;
}
