import { describe, expect, it, vi } from 'vitest';

// The web app's zod must not probe `new Function` (a CSP violation the browser reports): the entry
// sets zod's jitless before any chunk loads zod.

describe('zod in the browser', () => {
  it('parses without ever asking for Function, once lib/zod-jitless.ts has run', async () => {
    vi.resetModules();
    const spy = vi.spyOn(globalThis, 'Function');
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    const schema = z.object({ name: z.string(), age: z.number().int() });
    for (let i = 0; i < 3; i++) expect(schema.parse({ name: 'Hélène', age: 41 })).toEqual({ name: 'Hélène', age: 41 });
    expect(z.config().jitless).toBe(true);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });
});
