import { useTranslation } from 'react-i18next';
import type { ProgramExerciseWrite } from '@wellbe/shared/schemas/sport';

/** "3 × 12", "3 × 30 s", with the load (kg or % of max), the rest and the tempo. */
export function useDoseText() {
  const { t } = useTranslation('sport');
  return (line: Pick<ProgramExerciseWrite, 'sets' | 'reps' | 'durationS' | 'loadKg' | 'loadPct' | 'restS' | 'tempo'>) => {
    const amount = line.reps != null ? t('dose.reps', { sets: line.sets, reps: line.reps }) : t('dose.duration', { sets: line.sets, duration: durationText(line.durationS ?? 0) });
    const parts = [amount];
    if (line.loadKg != null) parts.push(t('dose.loadKg', { load: line.loadKg }));
    if (line.loadPct != null) parts.push(t('dose.loadPct', { pct: line.loadPct }));
    if (line.restS != null) parts.push(t('dose.rest', { rest: durationText(line.restS) }));
    if (line.tempo) parts.push(t('dose.tempo', { tempo: line.tempo }));
    return parts.join(' · ');
  };
}

export function durationText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m < 60) return s ? `${m} min ${s} s` : `${m} min`;
  const h = Math.floor(m / 60);
  return `${h} h ${m % 60 ? `${m % 60} min` : ''}`.trim();
}
