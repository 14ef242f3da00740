import { TableContainer } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table wider than a phone: it scrolls sideways inside a named region that the keyboard can
 * focus (axe's scrollable-region-focusable), instead of being cut by its card. Values kept left to
 * right (numbers, dates, amounts: <bdi>) never break in two ('2026-' over '000001').
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', '& bdi': { whiteSpace: 'nowrap' } }}>
      {children}
    </TableContainer>
  );
}
