import { useEffect, useState } from 'react';

/**
 * For a drawer drawn only from its first opening on, then kept: `mounted` turns true when `open`
 * first does, and the drawer's own `open` follows one render later, so MUI's Drawer is mounted
 * closed and slides in (it skips its transition when mounted open). A SwipeableDrawer is kept
 * mounted by MUI even while closed: on every signed-in page, the closed chat panel's Modal, Paper,
 * focus trap and Slide were made after the first paint, and Slide measured the page to place the
 * paper off screen, a forced layout in a 120–240 ms task (issue 31, /dashboard on a desktop).
 */
export function useFirstOpen(open: boolean): { mounted: boolean; open: boolean } {
  const mounted = useOpenedOnce(open);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (mounted) setReady(true);
  }, [mounted]);
  return { mounted, open: open && ready };
}

/** True from the first render where `open` is, and kept (useFirstOpen, components/from-first-open.tsx). */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened;
}
