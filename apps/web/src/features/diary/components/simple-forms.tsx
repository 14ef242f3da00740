import { MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DOLOR_LOCATIONS } from '@wellbe/shared/domain/consultation';
import { ACTIVITY_INTENSITIES, DIARY_LIMITS, DIARY_MESSAGES, type ActivityIntensity } from '@wellbe/shared/schemas/diary';
import { EntryForm } from './entry-form.tsx';

// The three short forms of the diary: weight, pain (0–10 and where) and a free activity.

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
      <TextField label={t('weight.label')} value={value} onChange={(e) => setValue(e.target.value)} error={!!error} helperText={error ?? t('weight.hint')} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr' } }} required />
    </EntryForm>
  );
}

export function PainForm() {
  const { t } = useTranslation('diary');
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
            {l}
          </MenuItem>
        ))}
      </TextField>
    </EntryForm>
  );
}

export function ActivityForm() {
  const { t } = useTranslation('diary');
  const [activity, setActivity] = useState('');
  const [duration, setDuration] = useState('30');
  const [intensity, setIntensity] = useState<ActivityIntensity>('moderate');
  const [error, setError] = useState<string | null>(null);
  const build = () => {
    const durationMin = Number(duration);
    if (!activity.trim()) return setError(DIARY_MESSAGES.activity), null;
    if (!Number.isInteger(durationMin) || durationMin < 1 || durationMin > DIARY_LIMITS.durationMax) return setError(DIARY_MESSAGES.duration), null;
    setError(null);
    return { kind: 'activity' as const, activity: activity.trim(), durationMin, intensity };
  };
  return (
    <EntryForm label={t('kinds.activity')} build={build} onSaved={() => setActivity('')}>
      <TextField label={t('activity.label')} value={activity} onChange={(e) => setActivity(e.target.value)} helperText={t('activity.hint')} required />
      <TextField label={t('activity.duration')} value={duration} onChange={(e) => setDuration(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} required />
      <TextField select label={t('activity.intensity')} value={intensity} onChange={(e) => setIntensity(e.target.value as ActivityIntensity)}>
        {ACTIVITY_INTENSITIES.map((i) => (
          <MenuItem key={i} value={i}>
            {t(`intensities.${i}`)}
          </MenuItem>
        ))}
      </TextField>
      {error && <Typography color="error">{error}</Typography>}
    </EntryForm>
  );
}
