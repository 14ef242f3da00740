import { lazy, Suspense, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { AfterFirstPaint } from './after-first-paint.tsx';

// MUI's Tooltip brings Popper and popper.js (some 10 KB gzipped): the toolbar's and the folded
// menu's hints are not part of the first load of a signed-in screen (issue 13). The chunk is asked
// for once the screen has been painted (issue 31: asked for at the first render, it was fetched and
// run before a phone's first screen was on screen); until it is there, the control shows without
// its hint.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** A tooltip on a control that already has its accessible name (aria-label): the hint is extra. */
export function Hint({ title, placement, children }: { title: string; placement?: TooltipProps['placement']; children: ReactElement }) {
  return (
    <AfterFirstPaint fallback={children}>
      <Suspense fallback={children}>
        <Tooltip title={title} placement={placement}>
          {children}
        </Tooltip>
      </Suspense>
    </AfterFirstPaint>
  );
}
