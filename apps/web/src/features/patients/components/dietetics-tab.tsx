import { Alert, Box, Button, Card, CardContent, CircularProgress, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { targetStatus } from '@wellbe/shared/domain/dietetics';
import { isApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useDietOverview } from '../api/diet-overview.ts';
import { MeasureChart, toSeries } from './measure-chart.tsx';

const BAR: Record<string, string> = { green: '#2e7d32', orange: '#ed6c02', red: '#d32f2f' };

/** The file's 'Diététique' tab: current program (its goal named by the dietetics texts), the last 4 weeks' daily energy, the weight curve. */
export function DieteticsTab({ idPatient }: { idPatient: string }) {
  const { t } = useTranslation(['patients', 'dietetics']);
  const { role } = useSession();
  const overview = useDietOverview(idPatient);
  if (overview.isPending) return <CircularProgress size={28} aria-label={t('file.loading')} />;
  if (overview.isError) return <Alert severity="error">{isApiError(overview.error) ? overview.error.message : t('diet.error')}</Alert>;
  const { program, days, weights, targetKcal } = overview.data;
  const max = Math.max(targetKcal ?? 0, ...days.map((d) => d.energyKcal), 1);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('diet.program')}
          </Typography>
          {program ? (
            <Typography data-testid="diet-program">{t('diet.programLine', { name: program.name, goal: t(`dietetics:goals.${program.goal}`, { defaultValue: program.goal }), from: formatDate(program.startDate), to: formatDate(program.endDate) })}</Typography>
          ) : (
            <Typography color="textSecondary">{t('diet.noProgram')}</Typography>
          )}
          {can(role, 'dietetics') && (
            <Button component={RouterLink} to={`/dietetiques/menu?patient=${encodeURIComponent(idPatient)}`} size="small" sx={{ mt: 1 }}>
              {t('diet.openMenus')}
            </Button>
          )}
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mt: 2, mb: 1 }}>
            {t('diet.energy')}
          </Typography>
          {days.length === 0 ? (
            <Typography color="textSecondary">{t('diet.noMenus')}</Typography>
          ) : (
            <Box role="img" aria-label={t('diet.energyLabel', { n: days.length, target: targetKcal ?? '—' })} sx={{ display: 'flex', alignItems: 'flex-end', gap: '3px', height: 140, borderBottom: 1, borderColor: 'divider', position: 'relative' }}>
              {targetKcal && <Box sx={{ position: 'absolute', insetInline: 0, bottom: `${(targetKcal / max) * 100}%`, borderTop: '2px dashed', borderColor: 'text.secondary' }} />}
              {days.map((d) => (
                <Tooltip key={d.day} title={`${t('common:labelled', { label: formatDate(d.day) })} ${t('dietetics:units.kcal', { n: d.energyKcal })}`}>
                  <Box sx={{ flex: '0 0 calc(100% / 28 - 3px)', height: `${(d.energyKcal / max) * 100}%`, bgcolor: BAR[targetStatus(d.energyKcal, targetKcal)], borderRadius: '2px 2px 0 0' }} />
                </Tooltip>
              ))}
            </Box>
          )}
          {targetKcal && (
            <Typography variant="caption" color="textSecondary">
              {t('diet.target', { kcal: targetKcal })}
            </Typography>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
            {t('diet.weight')}
          </Typography>
          {weights.length ? <MeasureChart data={toSeries(weights, (w) => w.weight)} name={t('diet.weight')} unit="kg" /> : <Typography color="textSecondary">{t('diet.noWeight')}</Typography>}
        </CardContent>
      </Card>
    </Box>
  );
}
