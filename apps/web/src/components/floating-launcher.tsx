import { GlobalStyles } from '@mui/material';

/** The class of the consultation launcher's floating button (features/consultations), bottom right of every screen. */
export const LAUNCHER_CLASS = 'wellbe-launcher';

/**
 * While rendered, the floating 'Consultation' button is hidden: for a screen whose own controls sit
 * where it floats (the video call's controls and its conversation, which it covered on a phone and
 * on a desktop). A global style, so that the screen needs nothing from the consultations feature.
 */
export function HideFloatingLauncher() {
  return <GlobalStyles styles={{ [`.${LAUNCHER_CLASS}`]: { display: 'none !important' } }} />;
}
