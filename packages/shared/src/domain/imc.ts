// SPEC §5: IMC = weight*10000/(size squared), 2 decimals (size in cm, weight in kg).
import { formatDecimal, parseDecimal } from './decimal.ts';

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const parsed = parseDecimal(value);
  return parsed.ok ? parsed.value : null;
}

/** The IMC rounded to 2 decimals, or null while the size or the weight is missing, unreadable or 0. */
export function computeImc(weight: number | string | null | undefined, size: number | string | null | undefined): number | null {
  const w = toNumber(weight);
  const s = toNumber(size);
  if (w === null || s === null || s <= 0 || w <= 0) return null;
  return Math.round(((w * 10000) / (s * s)) * 100) / 100;
}

/** The IMC as displayed in French: always 2 decimals with a comma ('22,86'), empty when it cannot be computed. */
export function formatImc(weight: number | string | null | undefined, size: number | string | null | undefined): string {
  const imc = computeImc(weight, size);
  return imc === null ? '' : formatDecimal(imc, 2);
}

/** An IMC outside these bounds is possible but rare enough to be a typing error: the user confirms it. */
export const IMC_PLAUSIBLE = { min: 12, max: 60 } as const;
/** A weight change above this share since the previous consultation is confirmed the same way. */
export const WEIGHT_CHANGE_PLAUSIBLE = 0.2;

export type PlausibilityWarning = { kind: 'imc'; imc: number } | { kind: 'weightChange'; previous: number; current: number; percent: number };

/** The warnings to confirm before saving (not refusals): an unusual IMC, a large weight change. */
export function plausibilityWarnings(input: { weight: number | null; size: number | null; previousWeight?: number | null }): PlausibilityWarning[] {
  const warnings: PlausibilityWarning[] = [];
  const imc = computeImc(input.weight, input.size);
  if (imc !== null && (imc < IMC_PLAUSIBLE.min || imc > IMC_PLAUSIBLE.max)) warnings.push({ kind: 'imc', imc });
  const previous = input.previousWeight ?? null;
  if (input.weight !== null && previous !== null && previous > 0) {
    const change = Math.abs(input.weight - previous) / previous;
    if (change > WEIGHT_CHANGE_PLAUSIBLE) warnings.push({ kind: 'weightChange', previous, current: input.weight, percent: Math.round(change * 100) });
  }
  return warnings;
}
