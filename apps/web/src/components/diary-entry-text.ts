import { useTranslation } from 'react-i18next';
import type { DiaryEntry } from '@wellbe/shared/schemas/diary';
import { useConsultationOption } from './consultation-option.ts';

// One sentence per diary entry, for the patient's /journal and the file's 'Journal' tab alike
// (texts in the diary namespace).

/** What an entry says, in one line (weight, pain and where, a meal's energy, an activity's duration). */
export function useEntryText() {
  const { t } = useTranslation('diary');
  const option = useConsultationOption();
  return (e: DiaryEntry): string => {
    switch (e.kind) {
      case 'weight':
        return t('text.weight', { value: e.weightKg });
      case 'pain':
        return t('text.pain', { value: e.intensity, location: e.location ? option(e.location) : '—' });
      case 'meal':
        return t('text.meal', { meal: t(`meals.${e.meal}`), foods: e.items.map((i) => i.name).join(', '), kcal: e.energyKcal ?? 0 });
      case 'activity':
        return t('text.activity', { activity: e.activity, minutes: e.durationMin, intensity: t(`intensities.${e.activityIntensity}`) });
    }
  };
}
