import { describe, expect, it } from 'vitest';
import { isValidAdeli, isValidRpps, parseNationalId } from './rpps.ts';
import { luhnValid } from './siret.ts';

describe('RPPS and ADELI numbers', () => {
  it('accepts an RPPS whose last digit is its Luhn key and refuses any other key', () => {
    expect(isValidRpps('10001234565')).toBe(true);
    for (const key of '012346789') expect(isValidRpps(`1000123456${key}`)).toBe(false);
  });

  it('refuses an RPPS of the wrong length or with letters', () => {
    expect(isValidRpps('1000123456')).toBe(false);
    expect(isValidRpps('100012345650')).toBe(false);
    expect(isValidRpps('1000123456a')).toBe(false);
  });

  it('checks the ADELI shape, Corsica included', () => {
    expect(isValidAdeli('751234567')).toBe(true);
    expect(isValidAdeli('2A1234567')).toBe(true);
    expect(isValidAdeli('2C1234567')).toBe(false);
    expect(isValidAdeli('75123456')).toBe(false);
  });

  it('reads the national identifier of Pro Santé Connect (8 + RPPS, 0 + ADELI)', () => {
    expect(parseNationalId('810001234565')).toEqual({ kind: 'rpps', number: '10001234565' });
    expect(parseNationalId('0751234567')).toEqual({ kind: 'adeli', number: '751234567' });
    expect(parseNationalId('10001234565')).toEqual({ kind: 'rpps', number: '10001234565' });
    expect(parseNationalId('810001234566')).toBeNull();
  });

  it('runs Luhn on the textbook example', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});
