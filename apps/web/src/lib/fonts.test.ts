import { describe, expect, it, vi } from 'vitest';
import { loadFirstScreenFonts } from './fonts.ts';

describe('loadFirstScreenFonts', () => {
  const fakeDocument = () => {
    const load = vi.fn((_font: string) => Promise.resolve([]));
    return { doc: { fonts: { load } } as unknown as Document, load };
  };

  it('asks for Roboto 400 and 700 on a phone, 500 too where the side navigation is drawn', () => {
    const phone = fakeDocument();
    loadFirstScreenFonts(phone.doc, false);
    expect(phone.load.mock.calls.map(([font]) => font)).toEqual(['400 1em Roboto', '700 1em Roboto']);
    const desktop = fakeDocument();
    loadFirstScreenFonts(desktop.doc, true);
    expect(desktop.load.mock.calls.map(([font]) => font)).toEqual(['400 1em Roboto', '500 1em Roboto', '700 1em Roboto']);
  });

  it('does nothing in a browser without the font loading API, and a failed load is not an error', async () => {
    expect(() => loadFirstScreenFonts({} as Document, false)).not.toThrow();
    const failing = { fonts: { load: vi.fn(() => Promise.reject(new Error('offline'))) } } as unknown as Document;
    loadFirstScreenFonts(failing, false);
    await Promise.resolve();
  });
});
