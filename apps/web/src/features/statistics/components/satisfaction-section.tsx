import { Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from '../../../components/chart-card.tsx';
import { useCountLabel } from '../../../lib/stat-count.ts';
import { COLOURS, bucketLabel } from './chart-helpers.ts';
import type { StatisticsSectionProps } from './section-props.ts';

/** Satisfaction: opinions and their average over the period. */
export function SatisfactionSection({ data, bucket, maskedNote, onExport }: StatisticsSectionProps) {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
  const count = useCountLabel();
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('statistics:sections.satisfaction')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12 }}>
          <ChartCard
            testId="chart-satisfaction"
            title={t('statistics:charts.satisfaction')}
            summary={t('statistics:summaries.satisfaction', { average: data.satisfaction.average ?? '—', count: data.satisfaction.series.length }) + ' ' + maskedNote}
            table={{
              columns: [t('statistics:columns.period'), t('statistics:columns.opinions'), t('statistics:columns.average')],
              rows: data.satisfaction.series.map((p) => [bucketLabel(p.start, bucket), count(p.opinions), p.average == null ? '—' : String(p.average).replace('.', ',')]),
            }}
            onExport={() => onExport('satisfaction')}
            chart={
              <ResponsiveContainer>
                <LineChart data={data.satisfaction.series.map((p) => ({ label: bucketLabel(p.start, bucket), average: p.average }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" />
                  <YAxis domain={[0, 5]} allowDecimals={false} />
                  <Tooltip />
                  <Line type="monotone" dataKey="average" name={t('statistics:columns.average')} stroke={COLOURS[1]} strokeWidth={2} connectNulls />
                </LineChart>
              </ResponsiveContainer>
            }
          />
        </Grid>
      </Grid>
    </>
  );
}
