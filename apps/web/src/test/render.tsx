import { Suspense, type ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '@wellbe/shared/roles';
import { createQueryClient } from '../lib/query-client.ts';
import { setSession, type SignedInUser } from '../lib/session.ts';
import { fakeUser } from './fixtures.ts';

// What the feature tests share: a small fake of the API behind `fetch` (the requests it received
// are kept, to check what a form sent) and a screen rendered as a signed-in user would see it.

export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** An answer: a JSON body (status 200), or a function of the request for anything else (a promise: an answer that takes its time). */
export type FakeAnswer = unknown | ((request: SentRequest) => Response | unknown | Promise<Response | unknown>);

export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's error shape, in French, as the API answers a refused request. */
export const apiError = (status: number, code: string, message: string) => jsonResponse({ success: false, error: { code, message } }, status);

/**
 * Stubs `fetch` with `routes` ("GET /api/contacts" → answer); any other request answers the API's
 * 404. Returns the list of requests received (in order). Undo with `vi.unstubAllGlobals()`.
 */
export function fakeApi(routes: Record<string, FakeAnswer>): SentRequest[] {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : (init.body ?? null);
      const request: SentRequest = { method, path: url.pathname, query: url.searchParams, body };
      requests.push(request);
      const answer = routes[`${method} ${url.pathname}`];
      if (answer === undefined) return apiError(404, 'not_found', 'Introuvable.');
      const value: unknown = typeof answer === 'function' ? await (answer as (r: SentRequest) => unknown)(request) : answer;
      return value instanceof Response ? value : jsonResponse(value);
    }),
  );
  return requests;
}

/** Renders `element` at `url` (route `path`) for a signed-in user of `role` (or the user given). */
export function renderAs(who: Role | SignedInUser, element: ReactElement, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  act(() => setSession(typeof who === 'string' ? fakeUser(who) : who, 'header.payload.signature'));
  const router = createMemoryRouter([{ path, element: <Suspense fallback="…">{element}</Suspense> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
