import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/page-header.tsx';
import { Ltr } from '../../components/ltr.tsx';
import { isApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { endCall, useVideoCall } from './api.ts';
import { CallScreen, type ChatSlot } from './call-screen.tsx';
import { DeviceCheck } from './device-check.tsx';
import { StreamVideo } from './stream-video.tsx';
import { useCallSession } from './use-call.ts';
import { useLocalMedia } from './use-local-media.ts';

// /teleconsultation/:appointmentId: the device check, the waiting room (the patient, until
// admitted), the call, and its end (the practitioner goes on to the consultation of the patient).

function Message({ children, back }: { children: string; back?: boolean }) {
  const { t } = useTranslation('video');
  return (
    <Paper sx={{ p: 3, maxWidth: 640, mx: 'auto' }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{children}</Typography>
        {back && (
          <Button component={Link} to="/dashboard" variant="outlined">
            {t('call.back')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function WaitingRoom({ local }: { local: MediaStream | null }) {
  const { t } = useTranslation('video');
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mx: 'auto' }} role="status">
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography variant="h2" sx={{ fontSize: '1.3rem', fontWeight: 600 }}>
          {t('waiting.title')}
        </Typography>
        <Typography color="textSecondary">{t('waiting.text')}</Typography>
        <Box sx={{ width: { xs: '60%', sm: 240 }, aspectRatio: '3 / 4' }}>
          <StreamVideo stream={local} label={t('call.local')} muted mirrored />
        </Box>
      </Stack>
    </Paper>
  );
}

export function VideoPage({ chat }: { chat?: ChatSlot }) {
  const { t } = useTranslation('video');
  const { appointmentId = '' } = useParams();
  const navigate = useNavigate();
  const call = useVideoCall(appointmentId);
  const media = useLocalMedia();
  const session = useCallSession(appointmentId, call.data, media.stream);
  const [left, setLeft] = useState(false);
  const data = call.data;

  // The practitioner hung up for everyone: the others' connections close.
  useEffect(() => {
    if (data?.ended && session.joined && data.myRole !== 'practitioner') void session.leave();
  }, [data?.ended, data?.myRole, session]);

  const hangUp = async () => {
    if (data?.myRole === 'practitioner' && data.callId) {
      const ended = await endCall(data.callId).catch(() => null);
      await session.leave();
      // On to the consultation of the patient, the visit noted as a téléconsultation.
      void navigate(ended?.patientId ? `/patient/dossier/${encodeURIComponent(ended.patientId)}?appointment=${encodeURIComponent(appointmentId)}&teleconsultation=1` : '/dashboard');
      return;
    }
    await session.leave();
    setLeft(true);
  };

  const title = data ? t('title', { name: data.myRole === 'patient' ? data.practitionerName : (data.patientName ?? '') }) : t('join');
  let body;
  if (call.isPending) body = <CircularProgress aria-label={t('common:table.loading')} />;
  else if (!data) body = <Alert severity="error">{isApiError(call.error) ? call.error.message : String(call.error)}</Alert>;
  else if (session.superseded) body = <Message back>{t('call.superseded')}</Message>;
  else if (left || (data.ended && session.joined)) body = <Message back>{t('call.ended')}</Message>;
  else if (!session.joined) body = <DeviceCheck call={data} media={media} onJoin={(consent) => void session.join(consent)} joining={session.joining} error={session.error} />;
  else if (data.myRole === 'patient' && !data.admitted) body = <WaitingRoom local={media.stream} />;
  else body = <CallScreen call={data} local={media.stream} session={session} onHangUp={() => void hangUp()} chat={chat} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 } }}>
      <PageHeader
        title={title}
        subtitle={
          data && (
            <>
              {t('when')} <Ltr>{formatDateTime(data.startsAt)}</Ltr>
            </>
          )
        }
      />
      {body}
    </Box>
  );
}
