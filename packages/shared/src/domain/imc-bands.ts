// Measures of the patient file: the adult IMC bands, the pain scale as numbers, latest values.
// The IMC itself is computeImc of domain/imc.ts (SPEC §5).

export type ImcBandKey = 'underweight' | 'normal' | 'overweight' | 'obesity';

/** Adult IMC bands (WHO), lower bound inclusive: < 18,5 ; 18,5–25 ; 25–30 ; ≥ 30. */
export const IMC_BANDS: readonly { key: ImcBandKey; from: number | null; to: number | null; label: string }[] = [
  { key: 'underweight', from: null, to: 18.5, label: 'Maigreur' },
  { key: 'normal', from: 18.5, to: 25, label: 'Corpulence normale' },
  { key: 'overweight', from: 25, to: 30, label: 'Surpoids' },
  { key: 'obesity', from: 30, to: null, label: 'Obésité' },
];

export function imcBand(imc: number | null | undefined): ImcBandKey | null {
  if (imc == null) return null;
  return IMC_BANDS.find((b) => (b.from == null || imc >= b.from) && (b.to == null || imc < b.to))!.key;
}

/** SPEC §3 pain intensity options as a number for the curve (middle of the range); null when not given. */
export function painLevel(intensity: string | null | undefined): number | null {
  const match = intensity ? /^(\d+)-(\d+)$/.exec(intensity.trim()) : null;
  return match ? (Number(match[1]) + Number(match[2])) / 2 : null;
}

/** The value and its change since the previous consultation that had one. */
export interface LatestValue {
  value: number;
  date: string;
  previous: number | null;
  change: number | null;
}

/** Latest non-missing value of a series (oldest first) and its change, rounded to 2 decimals. */
export function latestWithChange<T extends { date: string }>(points: readonly T[], pick: (p: T) => number | null): LatestValue | null {
  const present = points.filter((p) => pick(p) != null);
  if (!present.length) return null;
  const last = present[present.length - 1];
  const value = pick(last)!;
  const prev = present.length > 1 ? pick(present[present.length - 2])! : null;
  return { value, date: last.date, previous: prev, change: prev == null ? null : Math.round((value - prev) * 100) / 100 };
}
