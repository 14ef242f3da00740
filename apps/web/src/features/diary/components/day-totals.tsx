import { Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MyDayTotals } from '@wellbe/shared/schemas/diary';
import { WithLtr } from '../../../components/ltr.tsx';

const MACROS = ['proteinsG', 'carbohydratesG', 'fatG'] as const;

/** Today's meals against the dietetic target (energy and the three macronutrients), or the totals alone. */
export function DayTotals({ day }: { day: MyDayTotals }) {
  // The gram's symbol is the dietetics texts' (« غ » in Arabic), not a French « g » in every language.
  const { t } = useTranslation(['diary', 'dietetics']);
  const target = day.targets;
  return (
    <Card component="section" aria-label={t('day.title')} sx={{ mb: 2 }}>
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('day.title')}
        </Typography>
        <Typography data-testid="day-energy">
          {target ? t('day.energyOf', { value: Math.round(day.energyKcal), target: target.energyKcal }) : t('day.energy', { value: Math.round(day.energyKcal) })}
        </Typography>
        {target && <LinearProgress variant="determinate" value={Math.min(100, (day.energyKcal / target.energyKcal) * 100)} aria-label={t('day.progress')} />}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {MACROS.map((m) => (
            <Typography key={m} variant="body2">
              {t('common:labelled', { label: t(`macros.${m}`) })} <WithLtr text={(n) => t('dietetics:units.grams', { n })} value={target ? `${Math.round(day[m])} / ${Math.round(target[m])}` : Math.round(day[m])} />
            </Typography>
          ))}
        </Box>
        {!target && (
          <Typography variant="body2" color="textSecondary">
            {t('day.noTarget')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
