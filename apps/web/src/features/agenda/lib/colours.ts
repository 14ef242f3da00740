import { getContrastRatio } from '@mui/material/styles';

/**
 * The text colour readable on an appointment's colour (WCAG AA, 4.5:1): white when it reaches it,
 * else black, which then always does (the two ratios multiply to 21). Colours are the types' and
 * the practitioners' (any #rrggbb an administrator picks).
 */
export function readableOn(colour: string): string {
  return getContrastRatio(colour, '#fff') >= 4.5 ? '#fff' : '#000';
}
