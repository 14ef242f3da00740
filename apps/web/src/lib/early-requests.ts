import { api, isApiError } from './api.ts';

// GET requests a first load sends from the entry (app/preload.ts), before the code that uses their
// answer has arrived: react-query and the component asking come with the page's chunks, one round
// trip or more later (issue 31). The first query that needs the answer takes it (once); any later
// fetch asks the server again. A 401 is thrown, never a session end: the stored token's check
// (lib/session.ts), sent at the same time, is the one that reports a refused token.
const started = new Map<string, Promise<unknown>>();


/** Sends GET `path` now, kept for the first query that takes it. */
export function startEarly(path: string): void {
  if (started.has(path)) return;
  const answer = api(path, { on401: 'throw' });
  // Whoever takes it handles its failure; untaken, it must not be an unhandled rejection.
  answer.catch(() => undefined);
  started.set(path, answer);
}

/** The answer of GET `path` started early, left for the query that takes it; undefined when none is waiting. */
export function peekEarly<T>(path: string): Promise<T> | undefined {
  return started.get(path) as Promise<T> | undefined;
}

/** The answer of GET `path` started early, once; undefined when none was started (or it was taken). */
export function takeEarly<T>(path: string): Promise<T> | undefined {
  const answer = started.get(path) as Promise<T> | undefined;
  started.delete(path);
  return answer;
}

/**
 * The answer of GET `path` started early if there is one (taken), else GET `path` now. An early 403
 * is asked again: sent before the consent gate's answer, it may be the refusal of policies the user
 * has accepted since (`consent_required`).
 */
export function earlyOrFetch<T>(path: string, signal?: AbortSignal): Promise<T> {
  const early = takeEarly<T>(path);
  if (!early) return api<T>(path, { signal });
  return early.catch((error: unknown) => (isApiError(error) && error.status === 403 ? api<T>(path, { signal }) : Promise.reject(error)));
}
