import type { Theme } from '@mui/material/styles';

/**
 * An icon's `sx` for icons that point a way (a chevron, an arrow back, send): drawn mirrored right
 * to left, where « previous » points right and « next » left.
 */
export const FLIP_IN_RTL = { transform: (theme: Theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : undefined) };
