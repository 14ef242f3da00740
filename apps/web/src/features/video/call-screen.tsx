import { Alert, Box, Button } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCall } from '@wellbe/shared/schemas/video';
import { HideFloatingLauncher } from '../../components/floating-launcher.tsx';
import { useSession } from '../../lib/session.ts';
import { admit } from './api.ts';
import { CallControls } from './call-controls.tsx';
import { InviteColleague } from './invite-colleague.tsx';
import { StreamVideo } from './stream-video.tsx';
import type { CallSession } from './use-call.ts';

// The call: the other person's video large, one's own small in a corner, the controls under them,
// the conversation beside (under on a phone, held in portrait); the practitioner sees who waits
// and admits them.

/** The conversation beside the call (composed by the app: the messaging's). */
export type ChatSlot = (me: string, other: string | null) => ReactNode;

export function CallScreen({ call, local, session, onHangUp, chat }: { call: VideoCall; local: MediaStream | null; session: CallSession; onHangUp: () => void; chat?: ChatSlot }) {
  const { t } = useTranslation('video');
  const me = useSession().user?.id ?? '';
  // The first other participant large; an invited colleague's (or the third's) video in a corner.
  const [[remoteId, remote] = [null, null], ...others] = Object.entries(session.remotes);
  const patient = call.participants.find((p) => p.role === 'patient');
  const waiting = call.myRole === 'practitioner' && !call.admitted && patient?.present;
  const other = call.myRole === 'patient' ? call.practitionerId : (patient?.userId ?? null);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' }, alignItems: 'stretch' }}>
      {/* The consultation's floating button covered 'Raccrocher' on a phone and the conversation on a
          desktop: hidden during the call (hanging up opens the consultation of the patient anyway). */}
      <HideFloatingLauncher />
      <Box sx={{ minWidth: 0 }}>
        {waiting && (
          <Alert
            severity="info"
            sx={{ mb: 1 }}
            action={
              <Button color="inherit" variant="outlined" size="small" onClick={() => call.callId && void admit(call.callId)}>
                {t('waiting.admit')}
              </Button>
            }
          >
            {t('waiting.someone', { name: patient?.name ?? '' })}
          </Alert>
        )}
        <Box sx={{ position: 'relative', height: { xs: '62vh', md: '68vh' }, bgcolor: 'grey.900', borderRadius: 2 }}>
          <StreamVideo stream={remote} label={t('call.remote')} />
          {!remoteId && (
            <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'common.white', p: 2, textAlign: 'center' }}>{t('call.alone')}</Box>
          )}
          {others.map(([id, stream]) => (
            <Box key={id} sx={{ position: 'absolute', insetInlineStart: 12, top: 12, width: { xs: '30%', sm: 200 }, aspectRatio: '4 / 3', boxShadow: 4, borderRadius: 2 }}>
              <StreamVideo stream={stream} label={call.participants.find((p) => p.userId === id)?.name ?? ''} />
            </Box>
          ))}
          <Box sx={{ position: 'absolute', insetInlineEnd: 12, bottom: 12, width: { xs: '30%', sm: 200 }, aspectRatio: { xs: '3 / 4', sm: '4 / 3' }, boxShadow: 4, borderRadius: 2 }}>
            <StreamVideo stream={local} label={t('call.local')} muted mirrored />
          </Box>
        </Box>
        <CallControls local={local} mesh={session.mesh} canShare={call.myRole !== 'patient'} onHangUp={onHangUp} />
        <Box sx={{ textAlign: 'center' }}>
          <InviteColleague call={call} />
        </Box>
      </Box>
      {chat?.(me, other)}
    </Box>
  );
}
