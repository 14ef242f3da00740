import { Alert, Box, Button, Card, CardContent, Chip, FormControl, FormControlLabel, FormLabel, MenuItem, Radio, RadioGroup, Skeleton, Slider, TextField, Typography } from '@mui/material';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProgramExercise, SportProgram } from '@wellbe/shared/schemas/sport';
import { LOG_STATUSES, type LogStatus } from '@wellbe/shared/domain/sport';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDate, todayInDisplayZone } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useLogSession, useMySport } from './api/programs.ts';
import { useDoseText } from './components/dose.tsx';
import { ExerciseMedia } from './components/exercise-media.tsx';

function ScoreField({ label, hint, value, onChange }: { label: string; hint: string; value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Box>
      <Typography id={id} sx={{ fontWeight: 600 }}>
        {t('common:labelled', { label })} {value}/10
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {hint}
      </Typography>
      <Slider aria-labelledby={id} value={value} min={0} max={10} step={1} marks onChange={(_, v) => onChange(v as number)} valueLabelDisplay="auto" sx={{ mx: 1, width: 'calc(100% - 16px)' }} />
    </Box>
  );
}

function LogForm({ sessionId, today }: { sessionId: string; today: string }) {
  const { t } = useTranslation('sport');
  const log = useLogSession();
  const [status, setStatus] = useState<LogStatus>('done');
  const [rpe, setRpe] = useState(5);
  const [pain, setPain] = useState(0);
  const [comment, setComment] = useState('');
  return (
    <Card component="section" aria-label={t('today.logTitle')}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
          {t('today.logTitle')}
        </Typography>
        <FormControl>
          <FormLabel id="log-status">{t('today.status')}</FormLabel>
          <RadioGroup aria-labelledby="log-status" value={status} onChange={(e) => setStatus(e.target.value as LogStatus)}>
            {LOG_STATUSES.map((s) => (
              <FormControlLabel key={s} value={s} control={<Radio />} label={t(`status.${s}`)} />
            ))}
          </RadioGroup>
        </FormControl>
        {status !== 'skipped' && <ScoreField label={t('today.rpe')} hint={t('today.rpeHint')} value={rpe} onChange={setRpe} />}
        <ScoreField label={t('today.pain')} hint={t('today.painHint')} value={pain} onChange={setPain} />
        <TextField label={t('today.comment')} value={comment} onChange={(e) => setComment(e.target.value)} multiline minRows={2} />
        {log.isError && <Alert severity="error">{isApiError(log.error) ? log.error.message : t('errors.save')}</Alert>}
        <Button
          variant="contained"
          size="large"
          disabled={log.isPending}
          onClick={() =>
            log.mutate({ sessionId, status, rpe: status === 'skipped' ? null : rpe, pain, comment, day: today }, { onSuccess: () => notify(t('today.saved'), 'success') })
          }
        >
          {t('today.save')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The name and steps an exercise is read in: the library's English source for an English reader
 * (it was translated to French for the practice), else the French, else the English not yet translated.
 */
function exerciseText(exercise: ProgramExercise['exercise'], language: string) {
  if (language === 'en' && exercise.nameEn && exercise.instructionsEn.length) return { name: exercise.nameEn, steps: exercise.instructionsEn, lang: 'en' };
  return { name: exercise.name, steps: exercise.instructions, lang: exercise.translated ? 'fr' : 'en' };
}

function SessionView({ program, sessionId }: { program: SportProgram; sessionId: string }) {
  const { t, i18n } = useTranslation('sport');
  const dose = useDoseText();
  const session = program.sessions.find((s) => s.id === sessionId) ?? program.sessions[0]!;
  return (
    <Box component="ol" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }} aria-label={session.name}>
      {session.exercises.map((e, i) => {
        const text = exerciseText(e.exercise, i18n.language);
        return (
        <Card component="li" key={e.id} sx={{ listStyle: 'none' }}>
          <CardContent>
            <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {/* The library's French or English names and steps in an Arabic page: isolated, each step a
                  left-to-right paragraph (its final stop stayed at the start of the line). */}
              {i + 1}. <bdi lang={text.lang}>{text.name}</bdi>
            </Typography>
            <Chip color="primary" variant="outlined" label={dose(e)} sx={{ my: 1, maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }} />
            <ExerciseMedia exercise={e.exercise} />
            {e.notes && (
              <Typography variant="body2" dir="auto" sx={{ fontStyle: 'italic', mb: 1 }}>
                {e.notes}
              </Typography>
            )}
            <Box component="ol" sx={{ m: 0, paddingInlineStart: 3 }} lang={text.lang}>
              {text.steps.map((step, k) => (
                <li key={k}>
                  <Typography variant="body2" dir="auto">
                    {step}
                  </Typography>
                </li>
              ))}
            </Box>
          </CardContent>
        </Card>
        );
      })}
      {session.exercises.length === 0 && <Typography color="textSecondary">{t('builder.emptySession')}</Typography>}
    </Box>
  );
}

/** /program/sportif/today: the patient's session of the day and its log, designed for a 390 px phone first. */
export function SportTodayPage() {
  const { t } = useTranslation('sport');
  const mine = useMySport();
  // The answer's render, its exercises' cards with their media, in slices the browser paints
  // between: react-query's update is rendered at once otherwise, one task of ~150 ms on a loaded
  // machine (600 ms of a phone's blocking time at Lighthouse's 4×, issue 31). The places stay
  // drawn meanwhile.
  const answer = useDeferredValue(mine.data);
  const [chosen, setChosen] = useState<string | null>(null);
  if (mine.isError)
    return (
      <>
        <PageHeader title={t('today.title')} />
        <Alert severity="info">{isApiError(mine.error) ? mine.error.message : t('errors.load')}</Alert>
      </>
    );
  // The title at once, the cards' places while the program loads: the title is the first screen's
  // largest text, and a phone drew it only once the answer was there (issue 31).
  if (!answer)
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto' }}>
        <PageHeader title={t('today.title')} subtitle={t('today.subtitle', { date: formatDate(todayInDisplayZone()) })} />
        <Box role="status" aria-label={t('loading')} sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={160} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      </Box>
    );
  const { program, logs, today } = answer;
  const sessionId = chosen ?? answer.sessionId;
  const todays = logs.find((l) => l.day === today && l.sessionId === sessionId);
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageHeader title={t('today.title')} subtitle={t('today.subtitle', { date: formatDate(today) })} />
      {!program || !sessionId ? (
        <EmptyState title={t('today.none')} text={t('today.noneText')} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Card>
            <CardContent sx={{ display: 'grid', gap: 1 }}>
              <Typography variant="h2" sx={{ fontSize: '1.15rem' }} data-testid="my-sport-program">
                {program.name}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {t('print.from', { from: formatDate(program.startDate), to: formatDate(program.endDate) })} · {t('print.rhythm', { weeks: program.weeks, perWeek: program.sessionsPerWeek })}
              </Typography>
              <TextField select label={t('today.session')} value={sessionId} onChange={(e) => setChosen(e.target.value)} fullWidth>
                {program.sessions.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                    {s.id === answer.sessionId ? ` — ${t('today.suggested')}` : ''}
                  </MenuItem>
                ))}
              </TextField>
              {todays && <Alert severity="success">{t('today.already', { status: t(`status.${todays.status}`) })}</Alert>}
            </CardContent>
          </Card>
          <SessionView program={program} sessionId={sessionId} />
          <LogForm key={sessionId} sessionId={sessionId} today={today} />
          {logs.length > 0 && (
            <Card component="section" aria-label={t('today.history')}>
              <CardContent>
                <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
                  {t('today.history')}
                </Typography>
                <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
                  {logs.slice(0, 10).map((l) => (
                    <li key={l.id}>
                      <Typography variant="body2">
                        {formatDate(l.day)} — {t('common:labelled', { label: l.sessionName })} {t(`status.${l.status}`)}
                        {l.rpe != null ? ` · ${t('today.rpeShort', { value: l.rpe })}` : ''}
                        {l.pain != null ? ` · ${t('today.painShort', { value: l.pain })}` : ''}
                      </Typography>
                    </li>
                  ))}
                </Box>
              </CardContent>
            </Card>
          )}
        </Box>
      )}
    </Box>
  );
}
