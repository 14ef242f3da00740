import { Box, Button, List, ListItemText, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateLocalization } from '../../../components/date-localization.tsx';
import { ActionListItem } from '../../../components/action-list-item.tsx';
import { formatDate, todayInDisplayZone } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { errorText, useAppointmentActions, useBookingOptions, useWaitlist } from '../api/appointments.ts';

/** The patient's 'Liste d'attente' tab, with its date pickers: a chunk of its own, loaded when the tab is opened (issue 31). */
export default function WaitlistTab() {
  const { t } = useTranslation('agenda');
  const options = useBookingOptions(true);
  const list = useWaitlist(true);
  const actions = useAppointmentActions();
  const [practitionerId, setPractitionerId] = useState('');
  const [from, setFrom] = useState<Dayjs | null>(() => dayjs(todayInDisplayZone()));
  const [to, setTo] = useState<Dayjs | null>(() => dayjs(todayInDisplayZone()).add(14, 'day'));
  return (
    <Paper sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Typography color="textSecondary">{t('waitlist.help')}</Typography>
      <DateLocalization>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'center' }}>
          <TextField select label={t('patient.choosePractitioner')} value={practitionerId} onChange={(e) => setPractitionerId(e.target.value)}>
            {(options.data?.practitioners ?? []).map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.displayName}
              </MenuItem>
            ))}
          </TextField>
          <DatePicker label={t('settings.from')} format="DD/MM/YYYY" value={from} onChange={setFrom} />
          <DatePicker label={t('settings.to')} format="DD/MM/YYYY" value={to} onChange={setTo} />
          <Button
            variant="contained"
            disabled={!practitionerId || !from?.isValid() || !to?.isValid()}
            onClick={() =>
              void actions.joinWaitlist
                .mutateAsync({ practitionerId, fromDay: from!.format('YYYY-MM-DD'), toDay: to!.format('YYYY-MM-DD') })
                .then(() => notify(t('waitlist.joined'), 'success'))
                .catch((err: unknown) => notify(errorText(err), 'error'))
            }
          >
            {t('waitlist.join')}
          </Button>
        </Box>
      </DateLocalization>
      <List>
        {(list.data ?? []).map((w) => (
          <ActionListItem
            key={w.id}
            divider
            action={
              // A refusal is toasted by the query client: caught here, it is not an unhandled rejection.
              <Button size="small" onClick={() => void actions.leaveWaitlist.mutateAsync(w.id).catch(() => undefined)}>
                {t('waitlist.leave')}
              </Button>
            }
          >
            <ListItemText primary={w.practitionerName} secondary={`${formatDate(w.fromDay)} → ${formatDate(w.toDay)} · ${t(`waitlist.status.${w.status}`)}`} />
          </ActionListItem>
        ))}
      </List>
    </Paper>
  );
}
