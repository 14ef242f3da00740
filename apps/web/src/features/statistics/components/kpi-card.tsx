import { Card, CardContent, Chip, Grid, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StatFigure } from '@wellbe/shared/schemas/statistics';
import { useCountLabel } from '../../../lib/stat-count.ts';

export function KpiCard({ label, figure, value, testId }: { label: string; figure?: StatFigure; value?: string; testId: string }) {
  const { t } = useTranslation('statistics');
  const count = useCountLabel();
  const change = figure?.change;
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4, lg: 2.4 }} component="li">
      <Card sx={{ height: '100%' }} data-testid={testId}>
        <CardContent>
          <Typography variant="body2" color="textSecondary">
            {label}
          </Typography>
          <Typography sx={{ fontSize: '1.8rem', fontWeight: 700 }}>{figure ? count(figure.value) : value}</Typography>
          {figure && (
            <Chip
              size="small"
              variant="outlined"
              color={change == null ? 'default' : change >= 0 ? 'success' : 'error'}
              label={change == null ? t('noComparison', { previous: count(figure.previous) }) : t('change', { sign: change > 0 ? '+' : change < 0 ? '−' : '', value: String(Math.abs(change)).replace('.', ','), previous: count(figure.previous) })}
            />
          )}
        </CardContent>
      </Card>
    </Grid>
  );
}
