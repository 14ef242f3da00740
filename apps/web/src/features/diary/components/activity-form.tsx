import { FormControlLabel, MenuItem, Radio, RadioGroup, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIVITY_INTENSITIES, DIARY_LIMITS, DIARY_MESSAGES, type ActivityIntensity } from '@wellbe/shared/schemas/diary';
import { translateMessage } from '../../../lib/messages.ts';
import { useMyProgramSessions } from '../api/diary.ts';
import { DIARY_KEYS } from '../messages.ts';
import { EntryForm } from './entry-form.tsx';

// The activity entry: a session of the patient's current sport program (the server names it from
// the program and the practitioner's charts count it like any activity) or a free activity, each
// with its duration and intensity. Without a program, only the free activity is offered.

type Source = 'session' | 'free';

export function ActivityForm() {
  const { t } = useTranslation('diary');
  const program = useMyProgramSessions();
  const sessions = program?.sessions ?? [];
  const [choice, setChoice] = useState<Source | null>(null);
  const source: Source = choice ?? (sessions.length ? 'session' : 'free');
  const [picked, setPicked] = useState('');
  const sessionId = picked || program?.suggested || sessions[0]?.id || '';
  const [activity, setActivity] = useState('');
  const [duration, setDuration] = useState('30');
  const [intensity, setIntensity] = useState<ActivityIntensity>('moderate');
  const [error, setError] = useState<string | null>(null);
  const build = () => {
    const durationMin = Number(duration);
    if (source === 'session' ? !sessionId : !activity.trim()) return setError(DIARY_MESSAGES.activity), null;
    if (!Number.isInteger(durationMin) || durationMin < 1 || durationMin > DIARY_LIMITS.durationMax) return setError(DIARY_MESSAGES.duration), null;
    setError(null);
    const what = source === 'session' ? { sessionId } : { activity: activity.trim() };
    return { kind: 'activity' as const, ...what, durationMin, intensity };
  };
  return (
    <EntryForm label={t('kinds.activity')} build={build} onSaved={() => setActivity('')}>
      {sessions.length > 0 && (
        <RadioGroup aria-label={t('activity.source')} value={source} onChange={(e) => setChoice(e.target.value as Source)}>
          <FormControlLabel value="session" control={<Radio />} label={t('activity.fromProgram')} />
          <FormControlLabel value="free" control={<Radio />} label={t('activity.free')} />
        </RadioGroup>
      )}
      {source === 'session' ? (
        <TextField select label={t('activity.session')} helperText={program?.name} value={sessionId} onChange={(e) => setPicked(e.target.value)} required>
          {sessions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField label={t('activity.label')} value={activity} onChange={(e) => setActivity(e.target.value)} helperText={t('activity.hint')} required />
      )}
      <TextField label={t('activity.duration')} value={duration} onChange={(e) => setDuration(e.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} required />
      <TextField select label={t('activity.intensity')} value={intensity} onChange={(e) => setIntensity(e.target.value as ActivityIntensity)}>
        {ACTIVITY_INTENSITIES.map((i) => (
          <MenuItem key={i} value={i}>
            {t(`intensities.${i}`)}
          </MenuItem>
        ))}
      </TextField>
      {error && <Typography color="error">{translateMessage(t, DIARY_KEYS, error)}</Typography>}
    </EntryForm>
  );
}
