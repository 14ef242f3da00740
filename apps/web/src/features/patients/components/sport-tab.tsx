import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { can } from '@wellbe/shared/permissions';
import type { PatientSportProgram } from '@wellbe/shared/schemas/sport';
import { isApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { usePatientSport } from '../api/sport-programs.ts';

function AdherenceChart({ entry }: { entry: PatientSportProgram }) {
  const { t } = useTranslation('sport');
  const data = entry.adherence.weeks.map((w) => ({ name: t('tab.weekN', { n: w.week }), planned: w.planned, done: w.done + w.partial / 2, rpe: w.rpe, pain: w.pain }));
  return (
    <Box role="img" aria-label={t('tab.chartLabel')} sx={{ width: '100%', height: 260 }} dir="ltr">
      <ResponsiveContainer>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="name" />
          <YAxis yAxisId="sessions" allowDecimals={false} />
          <YAxis yAxisId="score" orientation="right" domain={[0, 10]} />
          <Tooltip />
          <Legend />
          <Bar yAxisId="sessions" dataKey="planned" name={t('tab.planned')} fill="#b2dfdb" />
          <Bar yAxisId="sessions" dataKey="done" name={t('tab.done')} fill="#0f766e" />
          <Line yAxisId="score" dataKey="rpe" name={t('tab.rpe')} stroke="#312e81" connectNulls />
          <Line yAxisId="score" dataKey="pain" name={t('tab.pain')} stroke="#c62828" connectNulls />
        </ComposedChart>
      </ResponsiveContainer>
    </Box>
  );
}

function ProgramCard({ entry }: { entry: PatientSportProgram }) {
  const { t } = useTranslation('sport');
  const { role } = useSession();
  const { program, adherence, logs } = entry;
  return (
    <Card component="section" aria-label={program.name}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h2" sx={{ fontSize: '1.15rem', flex: 1 }} data-testid="patient-sport-program">
            {program.name}
          </Typography>
          {adherence.rate != null && <Chip color={adherence.rate >= 70 ? 'success' : adherence.rate >= 40 ? 'warning' : 'error'} label={t('tab.rate', { rate: adherence.rate })} data-testid="adherence-rate" />}
        </Box>
        <Typography variant="body2" color="textSecondary">
          {t('print.from', { from: formatDate(program.startDate), to: formatDate(program.endDate) })} · {t('print.rhythm', { weeks: program.weeks, perWeek: program.sessionsPerWeek })} ·{' '}
          {adherence.lastLogDay ? t('tab.lastLog', { date: formatDate(adherence.lastLogDay) }) : t('tab.noLog')}
        </Typography>
        {can(role, 'dietetics') && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" component={RouterLink} to={`/program/sportif/list?program=${encodeURIComponent(program.id)}`}>
              {t('tab.adjust')}
            </Button>
            <Button size="small" component={RouterLink} to={`/program/sportif/list?program=${encodeURIComponent(program.id)}&print=1`}>
              {t('builder.print')}
            </Button>
          </Box>
        )}
        {adherence.weeks.length > 0 && <AdherenceChart entry={entry} />}
        {adherence.weeks.length > 0 && (
          <Table size="small" aria-label={t('tab.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('tab.week')}</TableCell>
                <TableCell align="right">{t('tab.planned')}</TableCell>
                <TableCell align="right">{t('tab.doneCol')}</TableCell>
                <TableCell align="right">{t('tab.rpe')}</TableCell>
                <TableCell align="right">{t('tab.pain')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {adherence.weeks.map((w) => (
                <TableRow key={w.week}>
                  <TableCell>{t('tab.weekRange', { n: w.week, from: formatDate(w.from), to: formatDate(w.to) })}</TableCell>
                  <TableCell align="right">{w.planned}</TableCell>
                  <TableCell align="right">{t('tab.doneCell', { done: w.done, partial: w.partial })}</TableCell>
                  <TableCell align="right">{w.rpe ?? '—'}</TableCell>
                  <TableCell align="right">{w.pain ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('tab.consultationPain')}
        </Typography>
        {adherence.consultationPain.length ? (
          <Typography variant="body2">{adherence.consultationPain.map((p) => `${t('common:labelled', { label: formatDate(p.day) })} ${p.pain}/10`).join(' · ')}</Typography>
        ) : (
          <Typography variant="body2" color="textSecondary">
            {t('tab.noConsultationPain')}
          </Typography>
        )}
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
          {t('today.history')}
        </Typography>
        {logs.length ? (
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 2 }}>
            {logs.slice(0, 15).map((l) => (
              <li key={l.id}>
                <Typography variant="body2">
                  {formatDate(l.day)} — {t('common:labelled', { label: l.sessionName })} {t(`status.${l.status}`)}
                  {l.rpe != null ? ` · ${t('today.rpeShort', { value: l.rpe })}` : ''}
                  {l.pain != null ? ` · ${t('today.painShort', { value: l.pain })}` : ''}
                  {l.comment ? ` — ${t('common:quoted', { text: l.comment })}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        ) : (
          <Typography variant="body2" color="textSecondary">
            {t('tab.noLog')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}

/** The patient file's 'Programme sportif' tab: the assigned programs, their adherence, RPE and pain. */
export function SportTab({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('sport');
  const { role } = useSession();
  const data = usePatientSport(idPatient);
  if (data.isPending) return <CircularProgress size={28} aria-label={t('loading')} />;
  if (data.isError) return <Alert severity="error">{isApiError(data.error) ? data.error.message : t('errors.load')}</Alert>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {data.data.length === 0 && (
        <Alert severity="info">
          {t('tab.none')}{' '}
          {can(role, 'dietetics') && <RouterLink to="/program/sportif/list">{t('tab.assign')}</RouterLink>}
        </Alert>
      )}
      {data.data.map((entry) => (
        <ProgramCard key={entry.program.id} entry={entry} />
      ))}
    </Box>
  );
}
