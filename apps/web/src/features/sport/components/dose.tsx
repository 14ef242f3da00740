import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ProgramExerciseWrite } from '@wellbe/shared/schemas/sport';

/**
 * "3 × 12", "3 × 30 s", with the load (kg or % of max), the rest and the tempo. A text (a chip's
 * label, a printed cell): in a right-to-left language its figures are isolated left to right with
 * Unicode's isolates (components/ltr.tsx does it for elements), or Arabic read « 12 × 3 » and « s 30 ».
 */
export function useDoseText() {
  const { t, i18n } = useTranslation('sport');
  const ltr = (text: string) => (i18n.dir() === 'rtl' ? `\u2066${text}\u2069` : text);
  return (line: Pick<ProgramExerciseWrite, 'sets' | 'reps' | 'durationS' | 'loadKg' | 'loadPct' | 'restS' | 'tempo'>) => {
    const amount = line.reps != null ? t('dose.reps', { sets: line.sets, reps: line.reps }) : t('dose.duration', { sets: line.sets, duration: durationText(line.durationS ?? 0, t) });
    const parts = [ltr(amount)];
    if (line.loadKg != null) parts.push(t('dose.loadKg', { load: line.loadKg }));
    if (line.loadPct != null) parts.push(t('dose.loadPct', { pct: line.loadPct }));
    if (line.restS != null) parts.push(t('dose.rest', { rest: ltr(durationText(line.restS, t)) }));
    if (line.tempo) parts.push(t('dose.tempo', { tempo: ltr(line.tempo) }));
    return parts.join(' · ');
  };
}

/** « 45 s », « 1 min 30 s », « 1 h 15 min », with the units of the language (« 1 dk 30 sn »). */
export function durationText(seconds: number, t: TFunction<'sport'>): string {
  const unit = (key: 'seconds' | 'minutes' | 'hours', n: number) => t(`dose.${key}`, { n });
  if (seconds < 60) return unit('seconds', seconds);
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m < 60) return s ? `${unit('minutes', m)} ${unit('seconds', s)}` : unit('minutes', m);
  const h = Math.floor(m / 60);
  return m % 60 ? `${unit('hours', h)} ${unit('minutes', m % 60)}` : unit('hours', h);
}
