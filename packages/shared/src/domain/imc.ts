// SPEC §5: IMC = weight*10000/(size squared), 2 decimals (size in cm, weight in kg).

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/** The IMC rounded to 2 decimals, or null while the size or the weight is missing (or the size is 0). */
export function computeImc(weight: number | string | null | undefined, size: number | string | null | undefined): number | null {
  const w = toNumber(weight);
  const s = toNumber(size);
  if (w === null || s === null || s <= 0 || w <= 0) return null;
  return Math.round(((w * 10000) / (s * s)) * 100) / 100;
}

/** The IMC as displayed: always 2 decimals ('22.86'), empty when it cannot be computed. */
export function formatImc(weight: number | string | null | undefined, size: number | string | null | undefined): string {
  const imc = computeImc(weight, size);
  return imc === null ? '' : imc.toFixed(2);
}
