// index.html's <html class="wb-still"> keeps every CSS transition off while the first page loads:
// a field's label rising as its value arrives, a button turning on once the rights are read, are
// changes the user did not make, and each eased frame costs the compositor a frame drawn beside the
// main thread (issue 31: the agenda's practitioner field and settings button, about fifteen frames).
// The class goes at the user's first gesture, before that gesture's own effect (capture phase:
// pointerdown and keydown come before the click or the key's action), or after STILL_MS at the
// latest, so that what arrives later on its own (a notification) moves as designed.

export const STILL_CLASS = 'wb-still';
export const STILL_MS = 5000;
const GESTURES = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

export function settleOnFirstGesture(root: HTMLElement = document.documentElement, target: Window = window) {
  if (!root.classList.contains(STILL_CLASS)) return;
  const settle = () => {
    root.classList.remove(STILL_CLASS);
    target.clearTimeout(timer);
    for (const type of GESTURES) target.removeEventListener(type, settle, true);
  };
  for (const type of GESTURES) target.addEventListener(type, settle, { capture: true, passive: true });
  const timer = target.setTimeout(settle, STILL_MS);
}
