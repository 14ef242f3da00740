import { describe, expect, it } from 'vitest';
import { formatNumber } from './format.ts';

describe('formatNumber', () => {
  it('writes a number in the locale’s notation, with the digits asked for', () => {
    expect(formatNumber(19.64, 'fr', 1)).toBe('19,6');
    expect(formatNumber(19.64, 'fr', 0)).toBe('20');
    expect(formatNumber(19.64, 'en', 1)).toBe('19.6');
    // Without digits: the locale's default (up to 3), grouped thousands.
    expect(formatNumber(12345.6789, 'en')).toBe('12,345.679');
    expect(formatNumber(4000, 'ar-u-nu-latn')).toMatch(/^4.?000$/);
  });
});
