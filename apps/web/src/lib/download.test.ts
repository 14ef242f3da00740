import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n/i18n.ts';
import { ApiError, apiBlob, fileNameOf } from './api.ts';
import { downloadFile } from './download.ts';
import { getSession, setSession } from './session.ts';
import { readToken } from './token.ts';
import { fakeUser } from '../test/fixtures.ts';

// Files (documents, CSV exports) go through the API client: token, 25 s timeout, 401 rule.

vi.mock('./notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  setSession(fakeUser('PA'), 'stored.token.value');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('apiBlob and downloadFile', () => {
  it('sends the bearer token and the query, and saves under the server’s file name', async () => {
    fetchMock.mockResolvedValue(
      new Response('date;action\n', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="journal-2026-11-23.csv"' } }),
    );
    const saved: { name: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:csv');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);

    await downloadFile('/admin/journal.csv', 'journal-acces.csv', { action: 'read', from: '' });

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/admin/journal.csv?action=read');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer stored.token.value');
    expect(saved).toEqual([{ name: 'journal-2026-11-23.csv', href: 'blob:csv' }]);
    expect(await (createUrl.mock.calls[0][0] as Blob).text()).toBe('date;action\n');
  });

  it('a 401 on a file ends the session like any other call', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, error: { code: 'invalid_token', message: 'Jeton d’accès invalide ou expiré.' } }), { status: 401 }),
    );
    const error = await apiBlob('/documents/d1/download').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(getSession().status).toBe('guest');
    expect(readToken()).toBeNull();
  });

  it('a refused file carries the server’s French message', async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ success: false, error: { code: 'not_found', message: 'Document introuvable.' } }), { status: 404 }));
    await expect(apiBlob('/documents/d1/download')).rejects.toMatchObject({ status: 404, code: 'not_found', message: 'Document introuvable.' });
    expect(getSession().status).toBe('signed-in');
  });

  it('gives up after 25 seconds with the French timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = apiBlob('/patients/export').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(24_999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/25 secondes/);
  });

  it('a body that stalls after the headers also times out', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation((_url: string, init: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('partial'));
          init.signal!.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return Promise.resolve(new Response(body, { status: 200 }));
    });
    const pending = apiBlob('/patients/export').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(await pending).toMatchObject({ code: 'timeout' });
  });

  it('reads the file name of Content-Disposition, RFC 6266 form first', () => {
    expect(fileNameOf('attachment; filename="a.csv"')).toBe('a.csv');
    expect(fileNameOf("attachment; filename=\"a.csv\"; filename*=UTF-8''journal%20acc%C3%A8s.csv")).toBe('journal accès.csv');
    expect(fileNameOf('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameOf(null)).toBeNull();
  });
});
