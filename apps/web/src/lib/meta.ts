import { useSyncExternalStore } from 'react';
import { api } from './api.ts';

// GET /api/meta (demo mode), asked for once per page load, as soon as the entry runs (main.tsx):
// it no longer waits for the page to render, and the first screen does not need react-query for it.
export interface Meta {
  success: boolean;
  demo: boolean;
}

let meta: Meta | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Starts the request (once; again after a failure). */
export function loadMeta(): Promise<void> {
  pending ??= api<Meta>('/meta', { anonymous: true }).then(
    (answer) => {
      meta = answer;
      for (const l of listeners) l();
    },
    // Silent: without the answer the badge is simply not shown; the next caller asks again.
    () => {
      pending = null;
    },
  );
  return pending;
}

/** The server's meta (null until it arrives). */
export function useMeta(): Meta | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      void loadMeta();
      return () => listeners.delete(listener);
    },
    () => meta,
  );
}
