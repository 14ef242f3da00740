import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StatPrograms } from '@wellbe/shared/schemas/statistics';
import { useCountLabel } from '../../../lib/stat-count.ts';

export type ProgramArea = 'dietetics' | 'sport';

/** Programs assigned in one area (dietetics or sport), the patients concerned and their adherence. */
export function ProgramCard({ area, figures }: { area: ProgramArea; figures: StatPrograms | null | undefined }) {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
  const count = useCountLabel();
  return (
    <Card component="section" aria-label={t(`statistics:programs.${area}`)} data-testid={`statistics-programs-${area}`} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
          {t(`statistics:programs.${area}`)}
        </Typography>
        {figures ? (
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            <Typography>
              {t('common:labelled', { label: t('statistics:programs.assigned') })} <strong>{count(figures.assigned)}</strong>
            </Typography>
            <Typography>
              {t('common:labelled', { label: t('statistics:programs.patients') })} <strong>{count(figures.patients)}</strong>
            </Typography>
            <Typography>
              {t('common:labelled', { label: t('statistics:programs.adherence') })} <strong>{figures.adherenceRate == null ? '—' : `${String(figures.adherenceRate).replace('.', ',')} %`}</strong>
            </Typography>
          </Box>
        ) : (
          <Typography color="textSecondary">{t('statistics:programs.none')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
