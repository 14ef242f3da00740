import { Box, Button, IconButton, Tooltip } from '@mui/material';
import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import ScreenShareIcon from '@mui/icons-material/ScreenShare';
import StopScreenShareIcon from '@mui/icons-material/StopScreenShare';
import VideocamIcon from '@mui/icons-material/Videocam';
import VideocamOffIcon from '@mui/icons-material/VideocamOff';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeerMesh } from './peers.ts';

// Mute, camera off, screen share (the practitioner: shown in place of the camera, back to the
// camera when the sharing stops) and "Raccrocher".

function Toggle({ label, on, onClick, children }: { label: string; on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} aria-pressed={on} onClick={onClick} sx={{ bgcolor: on ? 'action.selected' : 'background.paper', border: 1, borderColor: 'divider' }}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

export function CallControls({ local, mesh, canShare, onHangUp }: { local: MediaStream | null; mesh: PeerMesh | null; canShare: boolean; onHangUp: () => void }) {
  const { t } = useTranslation('video');
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [screen, setScreen] = useState<MediaStreamTrack | null>(null);
  const audio = local?.getAudioTracks()[0];
  const camera = local?.getVideoTracks()[0];

  useEffect(() => {
    if (audio) audio.enabled = !muted;
  }, [audio, muted]);
  useEffect(() => {
    if (camera) camera.enabled = !cameraOff;
  }, [camera, cameraOff]);

  const stopShare = () => {
    screen?.stop();
    setScreen(null);
    void mesh?.replaceVideo(camera ?? null);
  };
  const share = async () => {
    if (screen) return stopShare();
    try {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      track.onended = () => {
        setScreen(null);
        void mesh?.replaceVideo(camera ?? null);
      };
      setScreen(track);
      await mesh?.replaceVideo(track);
    } catch {
      // The sharing was cancelled: nothing changes.
    }
  };

  return (
    <Box role="toolbar" aria-label={t('call.controls')} sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', alignItems: 'center', flexWrap: 'wrap', py: 1.5 }}>
      {audio && (
        <Toggle label={t(muted ? 'call.unmute' : 'call.mute')} on={muted} onClick={() => setMuted((m) => !m)}>
          {muted ? <MicOffIcon /> : <MicIcon />}
        </Toggle>
      )}
      {camera && (
        <Toggle label={t(cameraOff ? 'call.cameraOn' : 'call.cameraOff')} on={cameraOff} onClick={() => setCameraOff((c) => !c)}>
          {cameraOff ? <VideocamOffIcon /> : <VideocamIcon />}
        </Toggle>
      )}
      {canShare && typeof navigator.mediaDevices?.getDisplayMedia === 'function' && (
        <Toggle label={t(screen ? 'call.stopShare' : 'call.share')} on={!!screen} onClick={() => void share()}>
          {screen ? <StopScreenShareIcon /> : <ScreenShareIcon />}
        </Toggle>
      )}
      <Button variant="contained" color="error" startIcon={<CallEndIcon />} onClick={onHangUp} sx={{ borderRadius: 6, px: 3 }}>
        {t('call.hangUp')}
      </Button>
    </Box>
  );
}
