import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the rest of the screen has been drawn, in a transition (React renders
 * it in slices, the browser staying responsive): for what the first paint does not show (closed
 * panels, content hidden until its data is there). The layout and the dashboard drew everything in
 * one go, and the greeting, the largest text on the screen, waited for it all (issue 13).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
