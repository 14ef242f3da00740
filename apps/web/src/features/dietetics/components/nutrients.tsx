import { Box, Chip, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Nutrients, TargetStatus } from '@wellbe/shared/domain/dietetics';
import { Ltr } from '../../../components/ltr.tsx';
import { formatNumber } from '../../../lib/format.ts';

const COLOURS: Record<TargetStatus, 'success' | 'warning' | 'error'> = { green: 'success', orange: 'warning', red: 'error' };

/** A number with a French (or the language's) decimal separator. */
export function useNumber() {
  const { i18n } = useTranslation();
  // Stable for a language: lists memoised on it are not rebuilt at every render.
  return useCallback((n: number, digits = 1) => formatNumber(n, i18n.language === 'ar' ? 'ar-u-nu-latn' : i18n.language, digits), [i18n.language]);
}

/** Energy and macros of a line, a meal or a day, in one short row. */
export function NutrientLine({ n, fibres = true }: { n: Nutrients; fibres?: boolean }) {
  const { t } = useTranslation('dietetics');
  const num = useNumber();
  return (
    <Typography component="span" variant="body2" color="textSecondary">
      <bdi>
        {t('units.kcal', { n: num(n.energyKcal, 0) })} · {t('short.proteins')} <Ltr>{num(n.proteinsG)} g</Ltr> · {t('short.carbohydrates')} <Ltr>{num(n.carbohydratesG)} g</Ltr> · {t('short.fat')} <Ltr>{num(n.fatG)} g</Ltr>
        {fibres && (
          <>
            {' '}· {t('short.fibres')} <Ltr>{num(n.fibresG)} g</Ltr>
          </>
        )}
      </bdi>
    </Typography>
  );
}

/** The day's totals against the targets, each coloured green / orange / red (within 10 % / 20 % / beyond). */
export function TargetChips({ totals, targets, status, known }: { totals: Nutrients; targets: Nutrients; status: Record<'energyKcal' | 'proteinsG' | 'carbohydratesG' | 'fatG', TargetStatus>; known: boolean }) {
  const { t } = useTranslation('dietetics');
  const num = useNumber();
  const items: { key: keyof typeof status; label: string; unit: string }[] = [
    { key: 'energyKcal', label: t('nutrients.energy'), unit: 'kcal' },
    { key: 'proteinsG', label: t('nutrients.proteins'), unit: 'g' },
    { key: 'carbohydratesG', label: t('nutrients.carbohydrates'), unit: 'g' },
    { key: 'fatG', label: t('nutrients.fat'), unit: 'g' },
  ];
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} data-testid="day-totals">
      {items.map((i) => (
        <Chip
          key={i.key}
          color={known ? COLOURS[status[i.key]] : 'default'}
          variant={known ? 'filled' : 'outlined'}
          data-status={known ? status[i.key] : 'none'}
          label={
            <bdi>
              {t('common:labelled', { label: i.label })}{' '}
              <Ltr>
                {num(totals[i.key], 0)}
                {known ? ` / ${num(targets[i.key], 0)}` : ''} {i.unit}
              </Ltr>
            </bdi>
          }
          aria-label={known ? t('targets.chipLabel', { label: i.label, value: num(totals[i.key], 0), target: num(targets[i.key], 0), unit: i.unit, status: t(`targets.status.${status[i.key]}`) }) : undefined}
        />
      ))}
    </Box>
  );
}

/** '120 g' or '2 portions' of a line. */
export function Quantity({ line }: { line: { grams: number | null; portions: number | null } }) {
  const { t } = useTranslation('dietetics');
  const num = useNumber();
  return <>{line.grams != null ? t('units.grams', { n: num(line.grams, 0) }) : t('units.portions', { count: line.portions ?? 0, n: num(line.portions ?? 0) })}</>;
}
