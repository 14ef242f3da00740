import { cloneElement, lazy, Suspense, useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';

export type HintPlacement = 'bottom' | 'right';

interface Hinted {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

// The popup (MUI's Popper and popper.js, some 10 KB gzipped) is not part of a signed-in screen's
// first load (issue 13) nor run after its first paint (issue 31): it is fetched at the first hover or
// keyboard focus of a hinted control.
const HintPopup = lazy(() => import('./hint-popup.tsx'));

/** MUI Tooltip's delay before a hover shows its hint: a pointer passing over the toolbar shows none. */
const ENTER_DELAY_MS = 100;

function focusVisible(element: HTMLElement) {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // an engine without the selector: a focus by a click shows no hint
  }
}

/**
 * A hint beside a control that already has its accessible name (aria-label): the hint is extra, shown
 * while a mouse is over the control or the keyboard has focused it, hidden by Escape (WCAG 1.4.13).
 *
 * The control is rendered as it is, in the same place, from the first render on, and the popup is a
 * sibling drawn in a portal. Wrapping the control in MUI's Tooltip once its chunk had come replaced
 * the control's element twice after the first paint: a click whose press and release fell on either
 * side of a swap was lost (the stale-code journey's click on « Discussions » in CI), and a control
 * focused early lost its focus.
 */
export function Hint({ title, placement = 'bottom', children }: { title: string; placement?: HintPlacement; children: ReactElement<Hinted> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // A focus that follows a press (a click, a tap) is not the keyboard's: it shows no hint.
  const pressed = useRef(false);
  const hide = () => {
    clearTimeout(timer.current);
    setAnchor(null);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setAnchor(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [anchor]);

  const own = children.props;
  const control = cloneElement(children, {
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      // A touch's pointer leaves at its release: a tap shows nothing, a long press shows the hint.
      const element = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setAnchor(element), ENTER_DELAY_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      own.onPointerDown?.(event);
      pressed.current = true;
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (!pressed.current && focusVisible(event.currentTarget)) setAnchor(event.currentTarget);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      pressed.current = false;
      hide();
    },
  });
  return (
    <>
      {control}
      {anchor && (
        <Suspense fallback={null}>
          <HintPopup anchor={anchor} title={title} placement={placement} />
        </Suspense>
      )}
    </>
  );
}
