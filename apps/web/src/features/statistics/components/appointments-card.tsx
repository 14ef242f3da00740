import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { StatAppointments } from '@wellbe/shared/schemas/statistics';
import { useCountLabel } from '../../../lib/stat-count.ts';

/** Appointment figures by status, no-show / cancellation rates and booking delay. */
export function AppointmentsCard({ appointments }: { appointments: StatAppointments | null }) {
  const { t } = useTranslation(['statistics', 'common', 'agenda']);
  const count = useCountLabel();
  return (
    <Card component="section" aria-label={t('statistics:charts.appointments')} data-testid="statistics-appointments">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
          {t('statistics:charts.appointments')}
        </Typography>
        {appointments ? (
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
            {appointments.byStatus.map((s) => (
              <Typography key={s.status}>
                {t('common:labelled', { label: t(`agenda:status.${s.status}`) })} <strong>{count(s.count)}</strong>
              </Typography>
            ))}
            <Typography>
              {t('common:labelled', { label: t('statistics:noShowRate') })} <strong>{appointments.noShowRate == null ? '—' : `${appointments.noShowRate} %`}</strong>
            </Typography>
            <Typography>
              {t('common:labelled', { label: t('statistics:cancellationRate') })} <strong>{appointments.cancellationRate == null ? '—' : `${appointments.cancellationRate} %`}</strong>
            </Typography>
            <Typography>
              {t('common:labelled', { label: t('statistics:bookingDelay') })}{' '}
              <strong>{appointments.averageBookingDelayDays == null ? '—' : t('statistics:days', { count: appointments.averageBookingDelayDays })}</strong>
            </Typography>
          </Box>
        ) : (
          <Typography color="textSecondary">{t('statistics:appointmentsLater')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
