import { Alert, Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { ReasonConfirmDialog } from '../../../components/reason-confirm-dialog.tsx';
import { statusColour } from '../../../components/status-tag.tsx';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { STATUS_TRANSITIONS, type AgendaEvent } from '@wellbe/shared/schemas/agenda';
import { Ltr } from '../../../components/ltr.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDateTime, formatTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { useAppointmentMutations } from '../api/agenda-mutations.ts';
import { useAppointmentDetails } from '../api/appointment-details.ts';
import { VideoButton } from '../../../components/video-button.tsx';

// An appointment's details and its actions: confirm, honoured/absent, cancel (the shared
// 'Confirmation' dialog with a reason), start the consultation (the patient's file). It opens on
// what the calendar drew (the event) and reads the details on demand.

export function AppointmentDialog({ event, onClose }: { event: AgendaEvent; onClose: () => void }) {
  const { t } = useTranslation('agenda');
  const titleId = useId();
  const navigate = useNavigate();
  const { role, user } = useSession();
  const m = useAppointmentMutations();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const details = useAppointmentDetails(event.id).data;
  const a = { ...event, ...details, status: details?.status ?? event.status };
  const next = STATUS_TRANSITIONS[a.status] ?? [];

  const run = async (fn: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await fn();
      notify(done, 'success');
      onClose();
    } catch (err) {
      setError(isApiError(err) ? err.message : String(err));
    }
  };

  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{event.title ?? t('hold')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'grid', gap: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            <Box>
              <Chip label={t(`status.${a.status}`)} color={statusColour(a.status)} size="small" />
            </Box>
            <Typography>
              <Ltr>
                {formatDateTime(a.startsAt)} – {formatTime(a.endsAt)}
              </Ltr>
            </Typography>
            <Typography color="textSecondary">{[a.typeLabel, details?.practitionerName, details?.teleconsultation ? t('booking.tele') : details?.location].filter(Boolean).join(' · ')}</Typography>
            {details?.note && <Typography>{details.note}</Typography>}
            {details?.cancelReason && <Typography color="error">{t('common:labelled', { label: t('reason') })} {details.cancelReason}</Typography>}
          </Box>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {next.includes('confirmé') && <Button onClick={() => void run(() => m.status.mutateAsync({ id: a.id, status: 'confirmé' }), t('done.confirmed'))}>{t('actions.confirm')}</Button>}
          {next.includes('honoré') && <Button onClick={() => void run(() => m.status.mutateAsync({ id: a.id, status: 'honoré' }), t('done.honoured'))}>{t('actions.honoured')}</Button>}
          {next.includes('absent') && <Button onClick={() => void run(() => m.status.mutateAsync({ id: a.id, status: 'absent' }), t('done.absent'))}>{t('actions.absent')}</Button>}
          {details && details.practitionerId === user?.id && <VideoButton appointment={details} kind="start" />}
          {details?.patientId && can(role, 'dpsWrite') && a.status !== 'annulé' && (
            <Button onClick={() => navigate(`/patient/dossier/${details.patientId}?appointment=${a.id}`)}>{t('actions.consult')}</Button>
          )}
          {details?.patientId && can(role, 'invoicesWrite') && (a.status === 'honoré' || a.status === 'absent') && (
            // An honoured appointment is invoiced; an absent one may carry a no-show fee (Facturation).
            <Button onClick={() => navigate(`/facturation?${new URLSearchParams({ patient: details.patientId!, patientName: details.patientName ?? '', fromAppointment: a.id })}`)}>{t('actions.invoice')}</Button>
          )}
          {a.status !== 'annulé' && a.status !== 'honoré' && a.status !== 'absent' && can(role, 'agendaDelete') && (
            <Button color="error" onClick={() => setConfirmCancel(true)}>
              {t('actions.cancel')}
            </Button>
          )}
          <Button onClick={onClose}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
      <CancelConfirm
        open={confirmCancel}
        reason={reason}
        setReason={setReason}
        onCancel={() => setConfirmCancel(false)}
        onConfirm={() => {
          setConfirmCancel(false);
          void run(() => m.cancel.mutateAsync({ id: a.id, reason }), t('done.cancelled'));
        }}
      />
    </>
  );
}

/** The 'Confirmation' dialog with the reason the cancel needs, in the agenda's words. */
export function CancelConfirm(props: { open: boolean; reason: string; setReason: (v: string) => void; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('agenda');
  return <ReasonConfirmDialog {...props} title={t('confirmTitle')} text={t('cancelText')} reasonLabel={t('reason')} confirmLabel={t('actions.cancel')} cancelLabel={t('keep')} />;
}
