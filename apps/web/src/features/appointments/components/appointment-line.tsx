import { Chip, ListItem, ListItemText } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import { Ltr } from '../../../components/ltr.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { ReasonConfirmDialog } from '../../../components/reason-confirm-dialog.tsx';
import { statusColour } from '../../../components/status-tag.tsx';
import { VideoButton } from '../../../components/video-button.tsx';
import { notify } from '../../../lib/notify.ts';
import { errorText, useAppointmentActions } from '../api/appointments.ts';

// An appointment's line and the cancel confirmation of /appointment, for the staff's and the patient's views.

/** Cancels `appointment` once confirmed with its reason, and says how it went; `onClose` empties it. */
export function CancelConfirm({ appointment, onClose }: { appointment: Appointment | null; onClose: () => void }) {
  const { t } = useTranslation('agenda');
  const actions = useAppointmentActions();
  const [reason, setReason] = useState('');
  // A patient cancels their own appointment: the mail goes to them.
  const mine = useSession().role === 'PT';
  return (
    <ReasonConfirmDialog
      open={!!appointment}
      reason={reason}
      setReason={setReason}
      onCancel={onClose}
      onConfirm={() => {
        void actions.cancel
          .mutateAsync({ id: appointment!.id, reason })
          .then(() => notify(t('done.cancelled'), 'success'))
          .catch((err: unknown) => notify(errorText(err), 'error'));
        onClose();
      }}
      title={t('confirmTitle')}
      text={t(mine ? 'cancelTextMine' : 'cancelText')}
      reasonLabel={t('reason')}
      confirmLabel={t('actions.cancel')}
      cancelLabel={t('keep')}
    />
  );
}

export function Line({ a, actions, showPatient = true }: { a: Appointment; actions?: React.ReactNode; showPatient?: boolean }) {
  const { t } = useTranslation('agenda');
  return (
    <ListItem divider secondaryAction={actions} sx={{ pr: actions ? { xs: 2, sm: 28 } : 2, flexWrap: 'wrap' }}>
      <ListItemText
        primary={
          <>
            <Ltr>{formatDateTime(a.startsAt)}</Ltr> · {showPatient ? (a.patientName ?? a.title ?? '') : a.practitionerName}
          </>
        }
        secondary={[showPatient ? a.practitionerName : null, a.typeLabel].filter(Boolean).join(' · ')}
      />
      <Chip size="small" label={t(`status.${a.status}`)} color={statusColour(a.status)} sx={{ ml: 1 }} />
      {!showPatient && <VideoButton appointment={a} kind="join" />}
    </ListItem>
  );
}
