import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import type { BookingRules } from '@wellbe/shared/schemas/agenda';
import { isApiError } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useBookingRules, useSaveBookingRules } from '../api/booking-rules.ts';

// 'Délais de réservation' of the organisation: a request's validity, the online cancellation
// limit and the reminder's advance, in hours. `agenda management` edits; the server checks the ranges.

const FIELDS = ['appointmentValidityHours', 'cancellationHours', 'reminderHours'] as const;

export function RulesTab() {
  const { t } = useTranslation('agenda');
  const { role } = useSession();
  const manager = can(role, 'agendaManagement');
  const rules = useBookingRules();
  const save = useSaveBookingRules();
  const [v, setV] = useState<Record<(typeof FIELDS)[number], string>>({ appointmentValidityHours: '', cancellationHours: '', reminderHours: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (rules.data) setV({ appointmentValidityHours: String(rules.data.appointmentValidityHours), cancellationHours: String(rules.data.cancellationHours), reminderHours: String(rules.data.reminderHours) });
  }, [rules.data]);
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync(Object.fromEntries(FIELDS.map((f) => [f, Number(v[f])])) as BookingRules);
      notify(t('rules.saved'), 'success');
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="textSecondary">{t('rules.help')}</Typography>
      {error && <Alert severity="error">{error}</Alert>}
      {FIELDS.map((f) => (
        <TextField
          key={f}
          type="number"
          label={t(`rules.${f}`)}
          helperText={t(`rules.${f}Help`)}
          value={v[f]}
          onChange={(e) => setV({ ...v, [f]: e.target.value })}
          disabled={!manager}
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
        />
      ))}
      {manager && (
        <Box>
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending || !rules.data}>
            {t('rules.save')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
