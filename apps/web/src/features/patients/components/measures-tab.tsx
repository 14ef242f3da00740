import { Alert, Box, Card, CardContent, CardHeader, CircularProgress, Stack, Typography, useTheme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PatientMeasures } from '@wellbe/shared/schemas/patient-files';
import { useConsultationOption } from '../../../components/consultation-option.ts';
import { formatDate } from '../../../lib/format.ts';
import { usePatientMeasures } from '../api/patient-file.ts';
import { LatestValues } from './latest-values.tsx';
import { MeasureChart, toSeries } from './measure-chart.tsx';

const PAIN_COLOURS = ['#1e88e5', '#e53935', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#6d4c41', '#546e7a'];

/** Pain over time, one line per location (the middle of the intensity range, 0–10). */
function PainChart({ measures }: { measures: PatientMeasures }) {
  const { t } = useTranslation('patients');
  const option = useConsultationOption();
  const theme = useTheme();
  const located = measures.points.filter((p) => p.pain != null && p.dolorLocation && p.dolorLocation !== 'Non Renseigné');
  const locations = [...new Set(located.map((p) => p.dolorLocation!))];
  if (!locations.length) return <Typography color="textSecondary">{t('measures.noPain')}</Typography>;
  return (
    <Box role="img" aria-label={t('measures.painChart')} dir="ltr">
      <ResponsiveContainer width="100%" height={260}>
        <LineChart margin={{ top: 8, right: 16, bottom: 4, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis
            dataKey="t"
            type="number"
            scale="time"
            domain={['dataMin - 86400000', 'dataMax + 86400000']}
            allowDuplicatedCategory={false}
            tickFormatter={(v: number) => formatDate(v)}
            fontSize={12}
          />
          <YAxis domain={[0, 10]} ticks={[0, 2, 4, 6, 8, 10]} fontSize={12} width={36} label={{ value: t('measures.painAxis'), angle: -90, position: 'insideLeft', fontSize: 11 }} />
          <Tooltip labelFormatter={(v) => formatDate(Number(v))} />
          <Legend />
          {locations.map((location, i) => (
            <Line
              key={location}
              data={located.filter((p) => p.dolorLocation === location).map((p) => ({ t: new Date(p.date).getTime(), value: p.pain }))}
              dataKey="value"
              name={option(location)}
              stroke={PAIN_COLOURS[i % PAIN_COLOURS.length]}
              strokeWidth={2}
              dot={{ r: 4 }}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** The 'mesures' tab: latest values, weight and IMC curves (IMC bands shaded), pain by location. */
export function MeasuresTab({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation('patients');
  const measures = usePatientMeasures(idPatient);
  if (measures.isPending) return <CircularProgress size={28} aria-label={t('file.loading')} />;
  if (measures.isError) return <Alert severity="error">{measures.error.message}</Alert>;
  const { points } = measures.data;
  if (!points.length) return <Typography color="textSecondary">{t('measures.noData')}</Typography>;
  return (
    <Stack spacing={2}>
      <LatestValues measures={measures.data} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        <Card variant="outlined">
          <CardHeader title={t('measures.weightChart')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} sx={{ pb: 0 }} />
          <CardContent>
            <MeasureChart data={toSeries(points, (p) => p.weight)} name={t('measures.weight')} unit={t('measures.unitKg')} />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardHeader title={t('measures.imcChart')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} sx={{ pb: 0 }} />
          <CardContent>
            <MeasureChart data={toSeries(points, (p) => p.imc)} name={t('measures.imc')} imcBands />
          </CardContent>
        </Card>
      </Box>
      <Card variant="outlined">
        <CardHeader title={t('measures.painChart')} slotProps={{ title: { variant: 'subtitle1', component: 'h2' } }} sx={{ pb: 0 }} />
        <CardContent>
          <PainChart measures={measures.data} />
        </CardContent>
      </Card>
      <Typography variant="caption" color="textSecondary">
        {t('measures.gapHint')}
      </Typography>
    </Stack>
  );
}
