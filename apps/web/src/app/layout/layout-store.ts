import { createStore } from '../../lib/store.ts';

// SPEC §4 navbar states (open, mobile open, folded-open) and the side panels.
export const layoutStore = createStore({
  /** Desktop: the navbar is folded to 64 px (also the whole point of style-2). */
  folded: false,
  /** A folded navbar opens while hovered (SPEC "folded-open"). */
  foldedOpen: false,
  /** Small screens: the navbar is a drawer. */
  mobileOpen: false,
  chatOpen: false,
  quickPanelOpen: false,
  settingsOpen: false,
});
