import { Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { useCountLabel } from '../../../lib/stat-count.ts';
import { AppointmentsCard } from './appointments-card.tsx';
import { Bars } from './bars.tsx';
import { COLOURS, bucketLabel, num } from './chart-helpers.ts';
import { ProgramCard } from './program-card.tsx';
import type { StatisticsSectionProps } from './section-props.ts';

/** Activity: consultations over time, by practitioner and speciality, new patients, appointments, programs. */
export function ActivitySection({ data, bucket, maskedNote, onExport }: StatisticsSectionProps) {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
  const count = useCountLabel();
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('statistics:sections.activity')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-consultations"
            title={t('statistics:charts.consultations')}
            summary={t('statistics:summaries.series', { total: count(data.activity.consultations.value), count: data.activity.series.length }) + ' ' + maskedNote}
            table={{ columns: [t('statistics:columns.period'), t('statistics:columns.consultations')], rows: data.activity.series.map((p) => [bucketLabel(p.start, bucket), count(p.consultations)]) }}
            onExport={() => onExport('consultations')}
            chart={
              <ResponsiveContainer>
                <BarChart data={data.activity.series.map((p) => ({ label: bucketLabel(p.start, bucket), value: num(p.consultations) }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Bar dataKey="value" name={t('statistics:columns.consultations')} fill={COLOURS[0]} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-practitioners"
            title={t('statistics:charts.practitioners')}
            summary={t('statistics:summaries.list', { count: data.activity.byPractitioner.length })}
            table={{ columns: [t('statistics:columns.practitioner'), t('statistics:columns.consultations')], rows: data.activity.byPractitioner.map((p) => [p.name, count(p.consultations)]) }}
            onExport={() => onExport('practitioners')}
            chart={<Bars data={data.activity.byPractitioner.map((p) => ({ label: p.name, value: num(p.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[1]} vertical />}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-specialities"
            title={t('statistics:charts.specialities')}
            summary={t('statistics:summaries.list', { count: data.activity.bySpeciality.length })}
            table={{ columns: [t('statistics:columns.speciality'), t('statistics:columns.consultations')], rows: data.activity.bySpeciality.map((p) => [p.label, count(p.consultations)]) }}
            onExport={() => onExport('specialities')}
            chart={<Bars data={data.activity.bySpeciality.map((p) => ({ label: p.label, value: num(p.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[2]} />}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-new-patients"
            title={t('statistics:charts.newPatients')}
            summary={t('statistics:summaries.series', { total: count(data.activity.newPatients.value), count: data.activity.newPatientSeries.length }) + ' ' + maskedNote}
            table={{ columns: [t('statistics:columns.period'), t('statistics:columns.patients')], rows: data.activity.newPatientSeries.map((p) => [bucketLabel(p.start, bucket), count(p.patients)]) }}
            onExport={() => onExport('newPatients')}
            chart={<Bars data={data.activity.newPatientSeries.map((p) => ({ label: bucketLabel(p.start, bucket), value: num(p.patients) }))} name={t('statistics:columns.patients')} colour={COLOURS[4]} />}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <AppointmentsCard appointments={data.appointments} />
        </Grid>
        {(['dietetics', 'sport'] as const).map((area) => (
          <Grid key={area} size={{ xs: 12, md: 6 }}>
            <ProgramCard area={area} figures={data.programs?.[area]} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
