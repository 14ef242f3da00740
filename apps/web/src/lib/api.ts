import { API_TIMEOUT_MS, DEFAULT_LANGUAGE } from '@wellbe/shared/constants';
import { i18n } from '../i18n/i18n.ts';
import { readToken, sameSession } from './token.ts';

// The one API client (SPEC §7): base /api, 25 s timeout, JSON, bearer token from localStorage.
// Every failure becomes an ApiError (SPEC §8, DESIGN §3). The server refuses in French; a reader of
// another language gets the message in theirs (lib/server-messages.ts), the French kept beside it.

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The whole JSON answer (a second-factor challenge carries its token there). */
  readonly data: unknown;
  /**
   * The message as the server sent it, in French: `message` is the reader's translation of it.
   * Code that recognises a refusal compares `code`, or this, never `message`.
   */
  readonly serverMessage: string;
  constructor(status: number, code: string, message: string, data: unknown = null, serverMessage = message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
    this.serverMessage = serverMessage;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON (or as is for FormData). */
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /**
   * By default a 401 clears the session and goes to /login (SPEC §8). With `on401: 'throw'` the
   * caller gets the ApiError instead and may re-authenticate in place (the consultation panel does,
   * then calls setSession and retries its save).
   */
  on401?: 'logout' | 'throw';
  /** Send no bearer token (sign-in pages). */
  anonymous?: boolean;
}

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

let onConsentRequired: () => void = () => {};

/** Issue 20: the consent gate registers what a 403 `consent_required` does (show the consent screen). */
export function setConsentRequiredHandler(handler: () => void): void {
  onConsentRequired = handler;
}

/** The session registers here what a 401 does (kept out of this file to avoid an import cycle). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** This tab's requests whose answer replaces the session's token, until the new token is stored. */
const renewals = new Set<Promise<unknown>>();

/**
 * Runs a request whose answer carries the session's new token (a password change) and stores it.
 * The server refuses the old token from its commit on, before that answer arrives: meanwhile a 401
 * of another request sent with the old token waits for the renewal instead of ending the session.
 */
export function renewingToken<T>(run: () => Promise<T>): Promise<T> {
  const running = run();
  renewals.add(running);
  running.then(
    () => renewals.delete(running),
    () => renewals.delete(running),
  );
  return running;
}

/** Resolves once no renewal of this tab is running (its new token stored, or it failed). */
export async function renewalsSettled(): Promise<void> {
  while (renewals.size) await Promise.allSettled([...renewals]);
}

/** Whether the session moved on from `used` to another token (this tab's renewal, or another tab's). */
async function replacedSince(used: string): Promise<boolean> {
  await renewalsSettled();
  const stored = readToken();
  return stored !== null && stored !== used;
}

/**
 * `path` with `query` as every request writes it (in the object's order, without empty values): a
 * GET sent early (lib/early-requests.ts) is taken by this very string.
 */
export function withQuery(path: string, query?: Query): string {
  const base = path.startsWith('/') ? path : '/' + path;
  if (!query) return base;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

function buildUrl(path: string, query?: Query): string {
  return API_BASE + withQuery(path, query);
}

async function readError(response: Response): Promise<ApiError> {
  let code = 'http_' + response.status;
  let message = '';
  let body: unknown = null;
  try {
    const data = (await response.json()) as { error?: unknown; message?: unknown };
    body = data;
    if (data && typeof data.error === 'object' && data.error) {
      const e = data.error as { code?: unknown; message?: unknown };
      if (typeof e.code === 'string') code = e.code;
      if (typeof e.message === 'string') message = e.message;
    } else if (typeof data?.error === 'string') {
      message = data.error;
    } else if (typeof data?.message === 'string') {
      message = data.message;
    }
  } catch {
    // Not JSON (a proxy page...): the generic message below says enough.
  }
  if (!message) return new ApiError(response.status, code, i18n.t('common:errors.generic'), body);
  return new ApiError(response.status, code, await inReadersLanguage(message), body, message);
}

/**
 * A French server message in the interface's language. The map and the bundles are loaded here,
 * on the first error read in another language: a French reader, and every first load, pay nothing.
 */
async function inReadersLanguage(message: string): Promise<string> {
  if ((i18n.language ?? DEFAULT_LANGUAGE) === DEFAULT_LANGUAGE) return message;
  try {
    const { translateServerMessage } = await import('./server-messages.ts');
    return await translateServerMessage(message);
  } catch {
    return message; // its chunk could not be loaded (a deployment meanwhile): the French still says it
  }
}

/** What index.html's code loader sent before the app ran (shared boot.ts: `window.wbEarly`). */
type SentByHtml = Record<string, { token: string; answer: Promise<Response> } | undefined>;

/**
 * The answer to GET `url` that index.html's code loader sent as the frame was painted (the first
 * render's requests, shared first-requests.ts), once, if it was sent with `token` or with the token
 * it renewed (the same session, user and rights: `sameSession`; the token's check renews it at each
 * load, before the page's later cards ask): a request sent again later, or by another session or
 * user, goes to the server.
 */
function takeSentByHtml(url: string, token: string): Promise<Response> | undefined {
  const sent = (globalThis as { wbEarly?: SentByHtml }).wbEarly;
  const entry = sent?.[url];
  if (!entry) return undefined;
  delete sent[url];
  return sameSession(entry.token, token) ? entry.answer : undefined;
}

/** `answer`, or a rejection when `signal` aborts first (the timeout, the caller): as fetch would. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}

/**
 * The one transport: base URL, bearer token, 25 s timeout, caller's abort, error shape and the 401
 * rule. Resolves with the successful Response; `api` reads it as JSON, `apiBlob` as a file.
 */
async function send(path: string, options: RequestOptions, accept: string, replayed = false): Promise<Sent> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal, on401 = 'logout', anonymous } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), API_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) abortFromCaller();
    else signal.addEventListener('abort', abortFromCaller, { once: true });
  }

  const headers: Record<string, string> = { accept };
  const token = anonymous ? null : readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  const url = buildUrl(path, query);
  const sentByHtml = method === 'GET' && token ? takeSentByHtml(url, token) : undefined;
  const fresh = () => fetch(url, { method, headers, body: payload, signal: controller.signal, credentials: 'same-origin' });
  try {
    // A 403 sent before the app ran is not taken but asked again: the policies the user owed then
    // (`consent_required`, the consent gate) may have been accepted since, and the page's first GETs
    // would show their refusal after the acceptance.
    response = await (sentByHtml ? untilAborted(sentByHtml, controller.signal).then((early) => (early.status === 403 ? fresh() : early)) : fresh());
  } catch (error) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
    if (signal?.aborted) throw error; // the caller cancelled: not an error to show
    if (controller.signal.aborted) throw new ApiError(0, 'timeout', i18n.t('common:errors.timeout'));
    throw new ApiError(0, 'network', i18n.t('common:errors.network'));
  }
  // The timer stays armed until the caller has read the body: a file that stalls mid-way times out
  // like a request that never answers.
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  };

  if (!response.ok) {
    const error = await readError(response).finally(done);
    if (response.status === 401 && token && on401 === 'logout') {
      // A token the session has since replaced was refused, not the session: the request is sent
      // once more with the current token, unless its caller has given up on it (a query cancelled
      // by the refetch the password change asks for). Only the session's current token refused
      // ends it (SPEC §8), and a request is sent again once at most.
      if (await replacedSince(token)) {
        if (signal?.aborted) throw error;
        if (!replayed) return send(path, options, accept, true);
      }
      onUnauthorized(error);
    }
    if (response.status === 403 && error.code === 'consent_required') onConsentRequired();
    throw error;
  }
  return { response, done, timedOut: () => controller.signal.aborted };
}

interface Sent {
  response: Response;
  /** Disarms the timeout once the body is read. */
  done: () => void;
  timedOut: () => boolean;
}

/** Reads a body while the request's timeout still runs; a timeout becomes the usual ApiError. */
async function readBody<T>({ response, done, timedOut }: Sent, read: (r: Response) => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await read(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timedOut()) throw new ApiError(0, 'timeout', i18n.t('common:errors.timeout'));
    throw new ApiError(0, 'network', i18n.t('common:errors.network'));
  } finally {
    done();
  }
}

/** One request to the API; resolves with the parsed JSON answer (undefined for 204). */
export async function api<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const sent = await send(path, options, 'application/json');
  const text = await readBody(sent, (r) => r.text(), options.signal);
  if (sent.response.status === 204) return undefined as T;
  return (text ? JSON.parse(text) : undefined) as T;
}

export interface DownloadedFile {
  blob: Blob;
  /** The name the server gives in Content-Disposition, when it gives one. */
  fileName: string | null;
}

/** A binary answer (document, CSV export) through the same client: token, timeout, 401 rule. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const sent = await send(path, options, '*/*');
  const blob = await readBody(sent, (r) => r.blob(), options.signal);
  return { blob, fileName: fileNameOf(sent.response.headers.get('content-disposition')) };
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first, then filename). */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      /* malformed: fall back to the plain name */
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1]?.trim() ?? null;
}

/** SPEC §7 action endpoints: POST {path} with `{ action, ...payload }`. */
export function apiAction<T = unknown>(path: string, action: string, payload: Record<string, unknown> = {}, options: Omit<RequestOptions, 'body' | 'method'> = {}): Promise<T> {
  return api<T>(path, { ...options, method: 'POST', body: { action, ...payload } });
}

/** Multipart upload (SPEC §7 documents: one file per request, `action` as a form field). */
export function apiUpload<T = unknown>(path: string, fields: Record<string, string | Blob>, options: Omit<RequestOptions, 'body' | 'method'> = {}): Promise<T> {
  const form = new FormData();
  // Text fields first: the server reads them before the file stream.
  const entries = Object.entries(fields).sort(([, a], [, b]) => Number(a instanceof Blob) - Number(b instanceof Blob));
  for (const [key, value] of entries) form.append(key, value);
  return api<T>(path, { ...options, method: 'POST', body: form });
}
