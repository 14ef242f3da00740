import { describe, expect, it } from 'vitest';
import { computeImc, formatImc, plausibilityWarnings } from './imc.ts';

describe('IMC (SPEC §5)', () => {
  it('is weight*10000/size² with 2 decimals, shown with a French comma', () => {
    expect(computeImc(70, 175)).toBe(22.86);
    expect(formatImc(80, 180)).toBe('24,69');
    expect(formatImc('64,5', '160')).toBe('25,20');
    expect(formatImc('8,2', '60')).toBe('22,78');
  });

  it('is empty while the size is missing or zero, the weight missing, or a value unreadable', () => {
    expect(computeImc(70, null)).toBeNull();
    expect(computeImc(70, 0)).toBeNull();
    expect(computeImc(70, '')).toBeNull();
    expect(computeImc(undefined, 170)).toBeNull();
    expect(computeImc('8,2,3', 170)).toBeNull();
    expect(computeImc(70, '1e3')).toBeNull();
    expect(formatImc(70, 0)).toBe('');
  });
});

describe('plausibility warnings', () => {
  it('warns under an IMC of 12 and over 60, not in between', () => {
    expect(plausibilityWarnings({ weight: 30, size: 180 })).toEqual([{ kind: 'imc', imc: 9.26 }]);
    expect(plausibilityWarnings({ weight: 200, size: 170 })).toEqual([{ kind: 'imc', imc: 69.2 }]);
    expect(plausibilityWarnings({ weight: 70, size: 175 })).toEqual([]);
  });

  it('warns on a weight change above 20 % since the previous consultation', () => {
    expect(plausibilityWarnings({ weight: 90, size: null, previousWeight: 70 })).toEqual([{ kind: 'weightChange', previous: 70, current: 90, percent: 29 }]);
    expect(plausibilityWarnings({ weight: 80, size: null, previousWeight: 70 })).toEqual([]);
    expect(plausibilityWarnings({ weight: 50, size: null, previousWeight: 70 })).toHaveLength(1);
    expect(plausibilityWarnings({ weight: 50, size: null, previousWeight: null })).toEqual([]);
  });
});
