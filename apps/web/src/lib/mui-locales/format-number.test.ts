import { afterEach, describe, expect, it, vi } from 'vitest';
import muiBuildFormatNumber from '../../../../../node_modules/@mui/material/locale/utils/buildFormatNumber.mjs';
import buildFormatNumber from './format-number.ts';

// The number formatter of MUI's texts is made on first use, not when a locale module is evaluated
// (issue 31: 40–76 ms of the signed-in screen's first task on a phone), and formats as MUI's does.
describe('buildFormatNumber (MUI locales, lazy)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes no Intl.NumberFormat until a number is formatted, then one', () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made += 1;
      return new Original(...args);
    } as unknown as typeof Intl.NumberFormat);
    const format = buildFormatNumber('fr-FR');
    expect(made).toBe(0);
    expect(format(1234.5)).toBe(new Original('fr-FR').format(1234.5));
    format(2);
    expect(made).toBe(1);
  });

  it('formats like MUI’s own, in each language of the app', () => {
    for (const locale of ['fr-FR', 'en-US', 'tr-TR', 'ar-SD', 'xx-invalid-locale-!']) {
      for (const value of [0, 7, 1234567.891, -42, NaN, Infinity]) {
        expect(buildFormatNumber(locale)(value)).toBe(muiBuildFormatNumber(locale)(value));
      }
    }
  });
});
