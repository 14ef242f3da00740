import { Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { DOLOR_INTENSITIES } from '@wellbe/shared/domain/consultation';
import { ChartCard } from '../../../components/chart-card.tsx';
import { useConsultationOption } from '../../../components/consultation-option.ts';
import { useCountLabel } from '../../../lib/stat-count.ts';
import { Bars } from './bars.tsx';
import { COLOURS, bucketLabel, num } from './chart-helpers.ts';
import type { StatisticsSectionProps } from './section-props.ts';

/** Clinical overview: IMC classes, pain intensity (overall and over time) and pain locations. */
export function ClinicalSection({ data, bucket, maskedNote, onExport }: StatisticsSectionProps) {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
  const count = useCountLabel();
  const option = useConsultationOption();
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('statistics:sections.clinical')}
      </Typography>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-imc"
            title={t('statistics:charts.imc')}
            summary={t('statistics:summaries.imc') + ' ' + maskedNote}
            table={{ columns: [t('statistics:columns.imcClass'), t('statistics:columns.patients')], rows: data.clinical.imcClasses.map((c) => [t(`statistics:imc.${c.key}`), count(c.patients)]) }}
            onExport={() => onExport('imc')}
            chart={<Bars data={data.clinical.imcClasses.map((c) => ({ label: t(`statistics:imc.${c.key}`), value: num(c.patients) }))} name={t('statistics:columns.patients')} colour={COLOURS[5]} />}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-pain"
            title={t('statistics:charts.painIntensity')}
            summary={t('statistics:summaries.pain') + ' ' + maskedNote}
            table={{ columns: [t('statistics:columns.intensity'), t('statistics:columns.consultations')], rows: data.clinical.painIntensity.map((c) => [option(c.intensity), count(c.consultations)]) }}
            onExport={() => onExport('painIntensity')}
            chart={<Bars data={data.clinical.painIntensity.map((c) => ({ label: option(c.intensity), value: num(c.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[3]} />}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-pain-evolution"
            title={t('statistics:charts.painEvolution')}
            summary={t('statistics:summaries.painEvolution', { count: data.clinical.painEvolution.length }) + ' ' + maskedNote}
            table={{
              columns: [t('statistics:columns.period'), ...DOLOR_INTENSITIES.map(option)],
              rows: data.clinical.painEvolution.map((p) => [bucketLabel(p.start, bucket), ...DOLOR_INTENSITIES.map((i) => count(p.counts[i] ?? 0))]),
            }}
            onExport={() => onExport('painIntensity')}
            chart={
              <ResponsiveContainer>
                <BarChart data={data.clinical.painEvolution.map((p) => ({ label: bucketLabel(p.start, bucket), ...Object.fromEntries(DOLOR_INTENSITIES.map((i) => [i, num(p.counts[i] ?? 0)])) }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  {DOLOR_INTENSITIES.map((i, k) => (
                    <Bar key={i} dataKey={i} name={option(i)} stackId="pain" fill={COLOURS[k]} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            }
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            testId="chart-locations"
            title={t('statistics:charts.painLocations')}
            summary={t('statistics:summaries.locations', { first: data.clinical.painLocations[0] ? option(data.clinical.painLocations[0].location) : '—' }) + ' ' + maskedNote}
            table={{ columns: [t('statistics:columns.location'), t('statistics:columns.consultations')], rows: data.clinical.painLocations.map((c) => [option(c.location), count(c.consultations)]) }}
            onExport={() => onExport('painLocations')}
            chart={<Bars data={data.clinical.painLocations.map((c) => ({ label: option(c.location), value: num(c.consultations) }))} name={t('statistics:columns.consultations')} colour={COLOURS[6]} vertical />}
          />
        </Grid>
      </Grid>
    </>
  );
}
