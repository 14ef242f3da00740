import Popper from '@mui/material/Popper';
import type { HintPlacement } from './hint.tsx';
import styles from './hint-popup.module.css';

/**
 * The hint of components/hint.tsx, drawn as MUI's Tooltip draws its own (colours, size, distance:
 * hint-popup.module.css) in a Popper that keeps it on screen. `right` is the reading end's side: in
 * Arabic the folded menu is on the right and its hints open on its left.
 */
export default function HintPopup({ anchor, title, placement }: { anchor: HTMLElement; title: string; placement: HintPlacement }) {
  const side = placement === 'right' && getComputedStyle(anchor).direction === 'rtl' ? 'left' : placement;
  return (
    // MUI's Popper is the tooltip (role="tooltip"), as in MUI's Tooltip.
    <Popper open anchorEl={anchor} placement={side} className={styles.popper}>
      <div className={`${styles.hint} ${styles[side]}`}>{title}</div>
    </Popper>
  );
}
