import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE } from '@wellbe/shared/realtime';
import { i18nReady } from '../i18n/i18n.ts';
import { fakeUser } from '../test/fixtures.ts';
import { sendRealtime, stopRealtime, useRealtimeEvent, useRealtimeStatus } from './realtime.ts';
import { endSession, setSession } from './session.ts';

vi.mock('./notify.ts', () => ({ notify: vi.fn() }));

const b64 = (v: object) => btoa(JSON.stringify(v)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (name: string) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: name, exp: Math.floor(Date.now() / 1000) + 3600 })}.c2ln`;

/** A WebSocket double: records what the page sends and lets the test play the server. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  // The server's side:
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}
const last = () => FakeSocket.all[FakeSocket.all.length - 1];

let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  stopRealtime();
  endSession('logout');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the shared real-time connection', () => {
  it('opens once for all listeners, sends the token as its first message (not in the URL) and delivers events', () => {
    const token = jwt('pr');
    setSession(fakeUser('PR'), token);
    const seen: unknown[] = [];
    const other: unknown[] = [];
    renderHook(() => useRealtimeEvent('chat.message', (data) => seen.push(data)));
    renderHook(() => useRealtimeEvent('agenda.changed', (data) => other.push(data)));
    const { result } = renderHook(() => useRealtimeStatus());
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe(`ws://${window.location.host}/api/ws`);
    expect(last().url).not.toContain(token);
    act(() => last().open());
    expect(last().sent).toEqual([{ type: 'auth', token }]);
    act(() => last().push({ type: 'ready', cursor: 7 }));
    expect(result.current).toBe('online');
    act(() => last().push({ type: 'chat.message', id: 8, data: { chatId: 'c', messageId: 'm' } }));
    expect(seen).toEqual([{ chatId: 'c', messageId: 'm' }]);
    expect(other).toEqual([]);
    expect(sendRealtime('chat.typing', { chatId: 'c' })).toBe(true);
    expect(last().sent[1]).toEqual({ type: 'chat.typing', data: { chatId: 'c' } });
  });

  it('reconnects when its server stops (close code 1001, "going away") and resumes after the last event', () => {
    setSession(fakeUser('PR'), jwt('pr'));
    const { result } = renderHook(() => useRealtimeStatus());
    renderHook(() => useRealtimeEvent('chat.message', () => {}));
    act(() => last().open());
    act(() => last().push({ type: 'ready', cursor: 3 }));
    act(() => last().push({ type: 'chat.message', id: 4, data: {} }));
    // What the server sends to every socket on SIGTERM / SIGINT (lib/realtime/close.ts).
    act(() => last().drop(REALTIME_CLOSE.goingAway));
    expect(result.current).not.toBe('online');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(FakeSocket.all).toHaveLength(2);
    act(() => last().open());
    expect(last().sent[0]).toMatchObject({ type: 'auth', since: 4 });
    act(() => last().push({ type: 'ready', cursor: 4 }));
    expect(result.current).toBe('online');
  });

  it('reconnects after a drop from the last event id received, so the server replays what was missed', () => {
    setSession(fakeUser('PA'), jwt('pa'));
    renderHook(() => useRealtimeEvent('chat.message', () => {}));
    act(() => last().open());
    act(() => last().push({ type: 'ready', cursor: 10 }));
    act(() => last().push({ type: 'chat.message', id: 12, data: {} }));
    // The server sends in commit order, not id order: 11 committed after 12. Resuming after the
    // largest id (12) would skip nothing here but replay 11 twice; after the last one, nothing twice.
    act(() => last().push({ type: 'chat.message', id: 11, data: {} }));
    act(() => last().drop(1006));
    expect(FakeSocket.all).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(FakeSocket.all).toHaveLength(2);
    act(() => last().open());
    expect(last().sent[0]).toMatchObject({ type: 'auth', since: 11 });
    // A cursor 0 (a fresh database: no event yet) is a cursor too: a reconnect replays from the start.
    act(() => last().push({ type: 'ready', cursor: 0 }));
    act(() => last().drop(1006));
    act(() => {
      vi.advanceTimersByTime(30_000);
    });
    act(() => last().open());
    expect(last().sent[0]).toMatchObject({ type: 'auth', since: 0 });
  });

  it('after a close for its token, reconnects with a fresh token; a refused renewal ends the session and the socket', async () => {
    setSession(fakeUser('PR'), jwt('old'));
    renderHook(() => useRealtimeEvent('chat.message', () => {}));
    act(() => last().open());
    act(() => last().push({ type: 'ready', cursor: 1 }));
    const fresh = jwt('fresh');
    void fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ user: fakeUser('PR'), access_token: fresh }), { status: 200, headers: { 'content-type': 'application/json' } }));
    await act(async () => last().drop(REALTIME_CLOSE.unauthenticated));
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/auth/access-token');
    await act(async () => vi.advanceTimersByTime(0));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => last().open());
    expect(last().sent[0]).toMatchObject({ type: 'auth', token: fresh });

    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'invalid_token', message: 'x' } }), { status: 401, headers: { 'content-type': 'application/json' } }));
    await act(async () => last().drop(REALTIME_CLOSE.unauthenticated));
    await act(async () => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(2);
  });
});
