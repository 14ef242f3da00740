import { describe, expect, it } from 'vitest';
import { imcBand, latestWithChange, painLevel } from './imc-bands.ts';

describe('adult IMC bands', () => {
  it('puts each bound in the upper band: < 18,5 ; 18,5–25 ; 25–30 ; ≥ 30', () => {
    expect(imcBand(18.49)).toBe('underweight');
    expect(imcBand(18.5)).toBe('normal');
    expect(imcBand(24.99)).toBe('normal');
    expect(imcBand(25)).toBe('overweight');
    expect(imcBand(29.99)).toBe('overweight');
    expect(imcBand(30)).toBe('obesity');
    expect(imcBand(null)).toBeNull();
  });
});

describe('pain level', () => {
  it('reads the SPEC §3 intensity options as the middle of their range, nothing for Non Renseigné', () => {
    expect(painLevel('1-2')).toBe(1.5);
    expect(painLevel('9-10')).toBe(9.5);
    expect(painLevel('Non Renseigné')).toBeNull();
    expect(painLevel(null)).toBeNull();
  });
});

describe('latest value and its change', () => {
  const points = [
    { date: '2026-01-01', w: 84.5 },
    { date: '2026-02-01', w: 82.1 },
    { date: '2026-03-01', w: null },
  ];
  it('compares the last measured value with the previous measured one, skipping gaps', () => {
    expect(latestWithChange(points, (p) => p.w)).toEqual({ value: 82.1, date: '2026-02-01', previous: 84.5, change: -2.4 });
  });
  it('has no change for a single measure and nothing without any', () => {
    expect(latestWithChange(points.slice(0, 1), (p) => p.w)).toEqual({ value: 84.5, date: '2026-01-01', previous: null, change: null });
    expect(latestWithChange(points.slice(2), (p) => p.w)).toBeNull();
  });
});
