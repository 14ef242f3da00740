import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Renders its children once the rest of the screen has been painted, in a transition (React renders
 * it in slices, the browser staying responsive): for what the first paint does not show (closed
 * panels, content hidden until its data is there). The layout and the dashboard drew everything in
 * one go, and the greeting, the largest text on the screen, waited for it all (issue 13).
 *
 * After the paint, not after the commit: an effect of a transition's commit runs in a task of
 * React's scheduler, which the browser may run before it paints; the closed panels' and the
 * dashboard cards' chunks were then asked for and run before the page's first screen was on
 * screen, and a phone's LCP waited for them (issue 31). A frame callback runs just before the next
 * paint; a task queued from it runs after that paint. `fallback` is drawn until then.
 */
export function AfterFirstPaint({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const [shown, setShown] = useState(false);
  useAfterFirstPaint(() => startTransition(() => setShown(true)));
  return shown ? children : fallback;
}

/** Runs `work` once, after the paint that follows the component's first commit (a frame callback, then a task: see above). */
function useAfterFirstPaint(work: () => void) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(work, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // Once, with the first commit's `work`.
  }, []);
}
