import { useCallback, useInsertionEffect, useRef } from 'react';

/**
 * A function of one identity for the component's life that calls the latest `handler`: for a
 * handler passed to a component that redraws when its props change identity (FullCalendar rebuilt
 * its options, and redrew its grid, at each render of the agenda page: issue 31).
 */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  // Before any layout effect of the commit: a child's (FullCalendar's datesSet, called as it mounts)
  // then calls the handler of the render being committed, not the one before.
  useInsertionEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
