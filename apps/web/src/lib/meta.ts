import { useEffect } from 'react';
import { api } from './api.ts';
import { createStore } from './store.ts';

// GET /api/meta (demo mode), asked for once per page load, as soon as the entry runs (main.tsx):
// it no longer waits for the page to render, and the first screen does not need react-query for it.
export interface Meta {
  success: boolean;
  demo: boolean;
}

const store = createStore<{ meta: Meta | null }>({ meta: null });
let pending: Promise<void> | null = null;

/** Starts the request (once; again after a failure). */
export function loadMeta(): Promise<void> {
  pending ??= api<Meta>('/meta', { anonymous: true }).then(
    (answer) => store.set({ meta: answer }),
    // Silent: without the answer the badge is simply not shown; the next caller asks again.
    () => {
      pending = null;
    },
  );
  return pending;
}

/** The server's meta (null until it arrives). */
export function useMeta(): Meta | null {
  useEffect(() => {
    void loadMeta();
  }, []);
  return store.use().meta;
}
