import { describe, expect, it } from 'vitest';
import { isValidSiret, luhnValid, normaliseSiret } from './siret.ts';

describe('SIRET checksum', () => {
  it('accepts real SIRET numbers, with or without spaces', () => {
    expect(isValidSiret('73282932000074')).toBe(true); // Apple France
    expect(isValidSiret('732 829 320 00074')).toBe(true);
    expect(isValidSiret('55208131766522')).toBe(true); // EDF
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('732829320000744')).toBe(false);
    expect(isValidSiret('7328293200007A')).toBe(false);
    expect(isValidSiret('')).toBe(false);
  });

  it('applies the La Poste exception (SIREN 356000000: sum of digits multiple of 5)', () => {
    expect(isValidSiret('35600000000048')).toBe(true); // head office, also Luhn-valid
    const establishment = '35600000052135'; // digit sum 3+5+6+5+2+1+3+5 = 30
    expect(luhnValid(establishment)).toBe(false);
    expect(isValidSiret(establishment)).toBe(true);
    expect(isValidSiret('35600000052136')).toBe(false);
  });

  it('normalises separators', () => {
    expect(normaliseSiret('732.829.320-00074')).toBe('73282932000074');
  });
});
