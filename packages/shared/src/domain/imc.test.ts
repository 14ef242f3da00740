import { describe, expect, it } from 'vitest';
import { computeImc, formatImc } from './imc.ts';

describe('IMC (SPEC §5)', () => {
  it('is weight*10000/size² with 2 decimals', () => {
    expect(computeImc(70, 175)).toBe(22.86);
    expect(formatImc(80, 180)).toBe('24.69');
    expect(formatImc('64,5', '160')).toBe('25.20');
  });

  it('is empty while the size is missing or zero, or the weight missing', () => {
    expect(computeImc(70, null)).toBeNull();
    expect(computeImc(70, 0)).toBeNull();
    expect(computeImc(70, '')).toBeNull();
    expect(computeImc(undefined, 170)).toBeNull();
    expect(formatImc(70, 0)).toBe('');
  });
});
