import type { StatBucket, StatCount } from '@wellbe/shared/schemas/statistics';
import { formatDate } from '../../../lib/format.ts';

/** Colours that keep a 3:1 contrast on white (WCAG AA for graphics). */
export const COLOURS = ['#0f766e', '#4338ca', '#b45309', '#be123c', '#15803d', '#6d28d9', '#0369a1', '#57534e'];

export const num = (c: StatCount) => (typeof c === 'number' ? c : 0);

export function bucketLabel(start: string, bucket: StatBucket): string {
  return bucket === 'month' ? `${start.slice(5, 7)}/${start.slice(0, 4)}` : formatDate(start);
}
