import { MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOLOR_LOCATIONS } from '@wellbe/shared/domain/consultation';
import { DIARY_LIMITS, DIARY_MESSAGES } from '@wellbe/shared/schemas/diary';
import { useConsultationOption } from '../../../components/consultation-option.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { DIARY_KEYS } from '../messages.ts';
import { EntryForm } from './entry-form.tsx';

// Two short forms of the diary: weight, and pain (0–10 and where); activity-form.tsx the third.

export function WeightForm() {
  const { t } = useTranslation('diary');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const build = () => {
    const weightKg = Number(value.replace(',', '.'));
    if (!value || !(weightKg >= DIARY_LIMITS.weightMin && weightKg <= DIARY_LIMITS.weightMax)) return setError(DIARY_MESSAGES.weight), null;
    setError(null);
    return { kind: 'weight' as const, weightKg };
  };
  return (
    <EntryForm label={t('kinds.weight')} build={build} onSaved={() => setValue('')}>
      <TextField label={t('weight.label')} value={value} onChange={(e) => setValue(e.target.value)} error={!!error} helperText={translateMessage(t, DIARY_KEYS, error) ?? t('weight.hint')} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} required />
    </EntryForm>
  );
}

export function PainForm() {
  const { t } = useTranslation('diary');
  const option = useConsultationOption();
  const [intensity, setIntensity] = useState(0);
  const [location, setLocation] = useState<(typeof DOLOR_LOCATIONS)[number]>('Lombaire');
  return (
    <EntryForm label={t('kinds.pain')} build={() => ({ kind: 'pain', intensity, location })}>
      {/* A list of 0 to 10 rather than a slider: the sport page's slider would become a chunk of its own, named in /dashboard's first load (bundle-budget.test.ts). */}
      <TextField select label={t('pain.intensityLabel')} value={intensity} onChange={(e) => setIntensity(Number(e.target.value))}>
        {Array.from({ length: 11 }, (_, i) => (
          <MenuItem key={i} value={i}>
            {t('pain.intensity', { value: i })}
          </MenuItem>
        ))}
      </TextField>
      <TextField select label={t('pain.location')} value={location} onChange={(e) => setLocation(e.target.value as (typeof DOLOR_LOCATIONS)[number])}>
        {DOLOR_LOCATIONS.map((l) => (
          <MenuItem key={l} value={l}>
            {option(l)}
          </MenuItem>
        ))}
      </TextField>
    </EntryForm>
  );
}
