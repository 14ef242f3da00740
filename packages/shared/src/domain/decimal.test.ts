import { describe, expect, it } from 'vitest';
import { checkDecimal, DECIMAL_MESSAGE, formatDecimal, parseDecimal } from './decimal.ts';

describe('French decimal numbers', () => {
  it('reads the comma and the point as the decimal separator', () => {
    expect(parseDecimal('8,2')).toEqual({ ok: true, value: 8.2 });
    expect(parseDecimal('8.2')).toEqual({ ok: true, value: 8.2 });
    expect(parseDecimal(' 72 ')).toEqual({ ok: true, value: 72 });
  });

  it('reads a thousands space (normal or non-breaking)', () => {
    expect(parseDecimal('1 234,5')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimal('1\u00A0234.5')).toEqual({ ok: true, value: 1234.5 });
    expect(parseDecimal('1\u202F234')).toEqual({ ok: true, value: 1234 });
  });

  it('is empty (null) for an empty field', () => {
    expect(parseDecimal('')).toEqual({ ok: true, value: null });
    expect(parseDecimal('   ')).toEqual({ ok: true, value: null });
    expect(parseDecimal(null)).toEqual({ ok: true, value: null });
  });

  it('refuses what is not one number, with a French message, instead of guessing', () => {
    for (const bad of ['8,2,3', '1e3', '8..2', 'abc', '8,', ',5', '12 34', '1 2345', '8 kg', 'Infinity', '0x10']) {
      expect(parseDecimal(bad), bad).toEqual({ ok: false, message: DECIMAL_MESSAGE });
    }
    expect(DECIMAL_MESSAGE).toMatch(/virgule/);
  });

  it('writes numbers with the French comma', () => {
    expect(formatDecimal(8.2)).toBe('8,2');
    expect(formatDecimal(25.8765, 2)).toBe('25,88');
    expect(formatDecimal(72)).toBe('72');
  });

  it('checks the range after parsing', () => {
    expect(checkDecimal('8,2', 1, 400, 'range')).toEqual({ value: 8.2 });
    expect(checkDecimal('999', 1, 400, 'range')).toEqual({ value: 999, error: 'range' });
    expect(checkDecimal('1e3', 30, 250, 'range').error).toBe(DECIMAL_MESSAGE);
    expect(checkDecimal('', 30, 250, 'range')).toEqual({ value: null });
  });
});
