import { Card, CardContent, Stack, Typography } from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { useTranslation } from 'react-i18next';
import { imcBand, type LatestValue } from '@wellbe/shared/domain/imc-bands';
import type { PatientMeasures } from '@wellbe/shared/schemas/patient-files';
import { formatDate } from '../../../lib/format.ts';
import { Ltr } from '../../../components/ltr.tsx';

const number = (v: number, digits = 1) => v.toLocaleString('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** One latest value with its change since the previous consultation that had one. */
export function LatestCard({ label, value, unit, digits = 1, extra }: { label: string; value: LatestValue | null; unit?: string; digits?: number; extra?: string }) {
  const { t } = useTranslation('patients');
  const change = value?.change ?? null;
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px', minWidth: 150 }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="overline" color="textSecondary" component="h3" sx={{ lineHeight: 1.5 }}>
          {label}
        </Typography>
        {value ? (
          <>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              <Ltr>
                {number(value.value, digits)}
                {unit && (
                  <Typography component="span" variant="body2" color="textSecondary">
                    {' '}
                    {unit}
                  </Typography>
                )}
              </Ltr>
            </Typography>
            <Typography variant="body2" color="textSecondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
              {change == null ? (
                t('measures.noChange')
              ) : (
                <>
                  {change > 0 ? <ArrowUpwardIcon fontSize="inherit" /> : change < 0 ? <ArrowDownwardIcon fontSize="inherit" /> : null}
                  <Ltr>
                    {change > 0 ? '+' : ''}
                    {number(change, digits)}
                    {unit ? ` ${unit}` : ''}
                  </Ltr>
                </>
              )}
              <span>
                · <Ltr>{formatDate(value.date)}</Ltr>
              </span>
            </Typography>
            {extra && (
              <Typography variant="caption" color="textSecondary">
                {extra}
              </Typography>
            )}
          </>
        ) : (
          <Typography color="textSecondary">—</Typography>
        )}
      </CardContent>
    </Card>
  );
}

export function LatestValues({ measures }: { measures: PatientMeasures }) {
  const { t } = useTranslation('patients');
  const band = imcBand(measures.latest.imc?.value);
  return (
    <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
      <LatestCard label={t('measures.weight')} value={measures.latest.weight} unit={t('measures.unitKg')} />
      <LatestCard label={t('measures.imc')} value={measures.latest.imc} digits={2} extra={band ? t(`measures.bands.${band}`) : undefined} />
      <LatestCard label={t('measures.size')} value={measures.latest.size} unit={t('measures.unitCm')} digits={0} />
      <LatestCard label={t('measures.pain')} value={measures.latest.pain} unit="/ 10" />
    </Stack>
  );
}
