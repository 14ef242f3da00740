import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnStaleCode } from './stale-code.ts';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

/** A window of its own: jsdom's location.reload cannot be replaced. */
function fakeWindow() {
  const target = new EventTarget();
  const reload = vi.fn();
  const navigator = { onLine: true };
  const win = Object.assign(target, { sessionStorage, location: { reload }, navigator });
  reloadOnStaleCode(win as unknown as Parameters<typeof reloadOnStaleCode>[0]);
  return { fail: () => target.dispatchEvent(new Event('vite:preloadError')), reload, navigator };
}

describe('a chunk of an older build that does not load', () => {
  it('reloads the page once, not again within a minute, and again after it', () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T10:00:00Z') });
    const { fail, reload } = fakeWindow();
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    // The reloaded page fails too (the server is down, say): no loop, the error boundary says it.
    vi.setSystemTime(new Date('2026-11-30T10:00:30Z'));
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
    // Another deployment later in the day: reloaded again.
    vi.setSystemTime(new Date('2026-11-30T10:01:01Z'));
    fail();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('leaves a failure while offline to the error boundary: a reload would show the browser’s offline page', () => {
    const { fail, reload, navigator } = fakeWindow();
    navigator.onLine = false;
    fail();
    expect(reload).not.toHaveBeenCalled();
    navigator.onLine = true;
    fail();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
