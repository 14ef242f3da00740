import { Alert, Box, Button, Card, CardContent, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { can } from '@wellbe/shared/permissions';
import { scaleSeries, type Assignment } from '@wellbe/shared/schemas/questionnaires';
import { isApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { usePatientQuestionnaires, useQuestionnaireTemplates, useSendQuestionnaire } from '../api/questionnaires.ts';
import { usePatientSport } from '../api/sport-programs.ts';
import { AnswerSet } from './questionnaire-answers.tsx';

function SendForm({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('questionnaires');
  const templates = useQuestionnaireTemplates(true);
  const send = useSendQuestionnaire(idPatient);
  const [questionnaireId, setQuestionnaireId] = useState('');
  const [weeks, setWeeks] = useState('');
  // Weekly for the length of one of the patient's sport programs: the server reads its start and end.
  const programs = (usePatientSport(idPatient).data ?? []).map((p) => p.program).filter((p) => p.startDate && p.endDate);
  const [programId, setProgramId] = useState('');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField select label={t('tab.template')} value={questionnaireId} onChange={(e) => setQuestionnaireId(e.target.value)} sx={{ minWidth: 260 }}>
        {(templates.data ?? []).map((q) => (
          <MenuItem key={q.id} value={q.id}>{q.title}</MenuItem>
        ))}
      </TextField>
      <TextField label={t('tab.weeks')} helperText={t('tab.weeksHelp')} type="number" value={weeks} disabled={!!programId} onChange={(e) => setWeeks(e.target.value)} slotProps={{ htmlInput: { min: 1, max: 52 } }} sx={{ maxWidth: 220 }} />
      {programs.length > 0 && (
        <TextField select label={t('tab.program')} helperText={t('tab.programHelp')} value={programId} onChange={(e) => (setProgramId(e.target.value), setWeeks(''))} sx={{ minWidth: 240 }}>
          <MenuItem value="">{t('tab.noProgram')}</MenuItem>
          {programs.map((p) => (
            <MenuItem key={p.id} value={p.id}>{t('tab.programOption', { name: p.name, start: formatDate(p.startDate!), end: formatDate(p.endDate!) })}</MenuItem>
          ))}
        </TextField>
      )}
      <Button
        variant="contained"
        startIcon={<SendIcon />}
        disabled={!questionnaireId || send.isPending}
        onClick={() =>
          send.mutate(
            { questionnaireId, ...(programId ? { programId } : weeks ? { weeks: Number(weeks) } : {}) },
            { onSuccess: () => (notify(t('tab.sent'), 'success'), setQuestionnaireId(''), setWeeks(''), setProgramId('')), onError: (e) => notify(isApiError(e) ? e.message : t('form.saveError'), 'error') },
          )
        }
        sx={{ mt: { sm: 1 } }}
      >
        {t('tab.send')}
      </Button>
    </Stack>
  );
}

function Curves({ assignments }: { assignments: Assignment[] }) {
  const { t } = useTranslation('questionnaires');
  return scaleSeries(assignments)
    .filter((s) => s.points.length > 1)
    .map((s) => (
      <Card key={s.key} component="section" aria-label={`${t('common:labelled', { label: s.title })} ${s.label}`}>
        <CardContent>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>{s.label}</Typography>
          <Typography variant="body2" color="textSecondary">{s.title}</Typography>
          <Box role="img" aria-label={t('tab.curveLabel', { label: s.label, values: s.points.map((p) => `${formatDate(p.at)} ${p.value}/10`).join(', ') })} sx={{ width: '100%', height: 220 }} dir="ltr" data-testid="scale-curve">
            <ResponsiveContainer>
              <LineChart data={s.points.map((p) => ({ day: formatDate(p.at), value: p.value }))} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="day" />
                <YAxis domain={[0, 10]} ticks={[0, 2, 4, 6, 8, 10]} allowDecimals={false} />
                <Tooltip />
                <Line dataKey="value" name={s.label} stroke="#c62828" strokeWidth={2} />
              </LineChart>
            </ResponsiveContainer>
          </Box>
        </CardContent>
      </Card>
    ));
}

/** The patient file's 'Questionnaires' tab: send one, each answer set, a scale question's curve over time. */
export function QuestionnairesTab({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('questionnaires');
  const { role } = useSession();
  const list = usePatientQuestionnaires(idPatient);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {can(role, 'questionnairesWrite') && <SendForm idPatient={idPatient} />}
      {list.isPending && <CircularProgress aria-label={t('loading')} />}
      {list.isError && <Alert severity="error">{isApiError(list.error) ? list.error.message : t('loadError')}</Alert>}
      {list.data && <Curves assignments={list.data} />}
      {list.data && !list.data.length && <Typography color="textSecondary">{t('tab.empty')}</Typography>}
      {list.data && list.data.length > 0 && (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('tab.sets')}>
          {list.data.map((a) => <AnswerSet key={a.id} a={a} />)}
        </Stack>
      )}
    </Box>
  );
}
