import { describe, expect, it } from 'vitest';
import { pdfSafe } from './pdf-text.ts';

describe('pdfSafe', () => {
  it('keeps French text, the euro sign and typographic quotes as they are', () => {
    const french = 'Œuvre « déjà » réglée : 12,50 € — l’élève à Noël\nÇa va';
    expect(pdfSafe(french)).toBe(french);
  });

  it('reduces what the standard fonts cannot draw to its base letter or "?"', () => {
    expect(pdfSafe('Şule Yılmaz')).toBe('Sule Y?lmaz');
    expect(pdfSafe('e\u0301te\u0301')).toBe('été');
    expect(pdfSafe('مرحبا 👋\tfin')).toBe('????? ? fin');
  });
});
