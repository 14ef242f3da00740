import { Grid } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Statistics } from '@wellbe/shared/schemas/statistics';
import { KpiCard } from './kpi-card.tsx';

/** The period's headline figures, each compared with the previous period. */
export function KeyFigures({ data }: { data: Statistics }) {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
  return (
    <Grid container spacing={2} sx={{ mb: 3 }} component="ul" aria-label={t('statistics:keyFigures')} style={{ listStyle: 'none', padding: 0 }}>
      <KpiCard label={t('statistics:kpi.consultations')} figure={data.activity.consultations} testId="kpi-consultations" />
      <KpiCard label={t('statistics:kpi.newPatients')} figure={data.activity.newPatients} testId="kpi-new-patients" />
      <KpiCard label={t('statistics:kpi.opinions')} figure={data.satisfaction.opinions} testId="kpi-opinions" />
      <KpiCard label={t('statistics:kpi.average')} value={data.satisfaction.average == null ? '—' : `${String(data.satisfaction.average).replace('.', ',')} / 5`} testId="kpi-average" />
      <KpiCard label={t('statistics:kpi.recommend')} value={data.satisfaction.recommendShare == null ? '—' : `${String(data.satisfaction.recommendShare).replace('.', ',')} %`} testId="kpi-recommend" />
    </Grid>
  );
}
