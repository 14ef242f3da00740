import { lazy, Suspense, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

// MUI's Tooltip brings Popper and popper.js (some 10 KB gzipped): the toolbar's and the folded
// menu's hints are not part of the first load of a signed-in screen (issue 13). Until the chunk is
// there (right after the first render), the control shows without its hint.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** A tooltip on a control that already has its accessible name (aria-label): the hint is extra. */
export function Hint({ title, placement, children }: { title: string; placement?: TooltipProps['placement']; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip title={title} placement={placement}>
        {children}
      </Tooltip>
    </Suspense>
  );
}
