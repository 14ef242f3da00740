import { useEffect, useState } from 'react';

/**
 * The value, once it has stopped changing for `delayMs`: typing in a search box asks the server once
 * per pause, not once per key. The first value is returned at once.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
