import { afterEach, describe, expect, it, vi } from 'vitest';

// lib/intl-warm.ts (issue 31): a signed-in screen's first formatters are made in a worker, once per
// page, and the worker is told the page's language; without workers nothing happens.
describe('warmIntl', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    document.documentElement.lang = '';
  });

  function stubWorker() {
    const made: { url: string; options: WorkerOptions | undefined; messages: unknown[] }[] = [];
    class FakeWorker {
      constructor(url: URL | string, options?: WorkerOptions) {
        made.push({ url: String(url), options, messages: [] });
      }
      postMessage(message: unknown) {
        made.at(-1)!.messages.push(message);
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    return made;
  }

  it('starts one module worker with the page language, however often it is asked', async () => {
    const made = stubWorker();
    document.documentElement.lang = 'ar';
    const { warmIntl } = await import('./intl-warm.ts');
    warmIntl();
    warmIntl();
    expect(made).toHaveLength(1);
    expect(made[0]!.url).toMatch(/intl-warm\.worker\.ts/);
    expect(made[0]!.options).toMatchObject({ type: 'module' });
    expect(made[0]!.messages).toEqual([{ locale: 'ar' }]);
  });

  it('says French when the page has no language yet', async () => {
    const made = stubWorker();
    const { warmIntl } = await import('./intl-warm.ts');
    warmIntl();
    expect(made[0]!.messages).toEqual([{ locale: 'fr' }]);
  });

  it('does nothing where workers do not exist, and does not throw when one is refused', async () => {
    vi.stubGlobal('Worker', undefined);
    const first = await import('./intl-warm.ts');
    expect(() => first.warmIntl()).not.toThrow();
    vi.resetModules();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    const second = await import('./intl-warm.ts');
    expect(() => second.warmIntl()).not.toThrow();
  });
});
