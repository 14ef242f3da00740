import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../i18n/i18n.ts';
import { setConsentRequiredHandler } from './api.ts';
import { earlyOrFetch, startEarly } from './early-requests.ts';
import { setSession } from './session.ts';
import { fakeUser } from '../test/fixtures.ts';

// The entry sends a page's first GETs before its code has arrived; the page's first query takes the
// answer. One sent while the user still owed a policy was refused 403 `consent_required`: once they
// have accepted it, the page asks again rather than showing the refusal.

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fetchMock = vi.fn<(input: string) => Promise<Response>>();

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  setSession(fakeUser('PT'), 'stored.token.value');
  setConsentRequiredHandler(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('earlyOrFetch', () => {
  it('takes the answer started early once, then asks the server', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: 'early' })).mockResolvedValueOnce(json(200, { success: true, data: 'later' }));
    startEarly('/sport-programs/mine');
    expect(await earlyOrFetch('/sport-programs/mine')).toEqual({ success: true, data: 'early' });
    expect(await earlyOrFetch('/sport-programs/mine')).toEqual({ success: true, data: 'later' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('asks again when the early answer was a 403 (the policies owed then, accepted since)', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { success: false, error: { code: 'consent_required', message: 'Acceptez les conditions.' } }));
    startEarly('/dietetics/my-menu');
    fetchMock.mockResolvedValueOnce(json(200, { success: true, data: 'menu' }));
    expect(await earlyOrFetch('/dietetics/my-menu')).toEqual({ success: true, data: 'menu' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives any other refusal as it came', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { success: false, error: { code: 'not_found', message: 'Introuvable.' } }));
    startEarly('/agenda/practitioners');
    await expect(earlyOrFetch('/agenda/practitioners')).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
