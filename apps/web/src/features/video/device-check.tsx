import { Alert, Box, Button, Checkbox, FormControl, FormControlLabel, InputLabel, LinearProgress, MenuItem, Paper, Select, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoCall } from '@wellbe/shared/schemas/video';
import { useAudioLevel, type LocalMedia } from './use-local-media.ts';
import { StreamVideo } from './stream-video.tsx';

// Before joining: the camera's preview, the microphone's level, the choice of devices, what is
// refused or missing, and the patient's consent the first time (a checkbox with the text).

function DevicePicker({ media, kind }: { media: LocalMedia; kind: 'camera' | 'mic' }) {
  const { t } = useTranslation('video');
  const list = media.devices.filter((d) => d.kind === (kind === 'camera' ? 'videoinput' : 'audioinput') && d.deviceId);
  if (list.length < 2) return null;
  const id = `video-${kind}`;
  return (
    <FormControl size="small" fullWidth>
      <InputLabel id={id} shrink>
        {t(`check.${kind}`)}
      </InputLabel>
      <Select labelId={id} label={t(`check.${kind}`)} value={kind === 'camera' ? media.cameraId : media.micId} onChange={(e) => media.choose(kind, String(e.target.value))} displayEmpty notched>
        <MenuItem value="">{t('check.default')}</MenuItem>
        {list.map((d, i) => (
          <MenuItem key={d.deviceId} value={d.deviceId}>
            {d.label || `${t(`check.${kind}`)} ${i + 1}`}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function DeviceCheck({ call, media, onJoin, joining, error }: { call: VideoCall; media: LocalMedia; onJoin: (consent: boolean) => void; joining: boolean; error: string | null }) {
  const { t } = useTranslation('video');
  const level = useAudioLevel(media.stream);
  const [consent, setConsent] = useState(false);
  const needsConsent = call.myRole === 'patient' && !call.consentGiven;
  const open = call.window === 'open' && !call.ended;
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mx: 'auto' }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem', fontWeight: 600 }}>
          {t('check.title')}
        </Typography>
        <Box sx={{ aspectRatio: { xs: '3 / 4', sm: '16 / 9' }, maxHeight: '50vh', width: '100%' }}>
          <StreamVideo stream={media.stream} label={t('check.preview')} muted mirrored />
        </Box>
        <Box>
          <Typography id="video-level" variant="body2" color="textSecondary">
            {t('check.level')}
          </Typography>
          <LinearProgress variant="determinate" value={level} aria-labelledby="video-level" sx={{ height: 8, borderRadius: 4 }} />
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DevicePicker media={media} kind="camera" />
          <DevicePicker media={media} kind="mic" />
        </Stack>
        {media.problem && <Alert severity="warning">{t(`problem.${media.problem}`)}</Alert>}
        {!open && <Alert severity="info">{t(call.ended || call.window === 'closed' ? 'window.closed' : 'window.tooEarly')}</Alert>}
        {needsConsent && <FormControlLabel control={<Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} />} label={t('check.consent')} />}
        {error && <Alert severity="error">{error}</Alert>}
        <Button variant="contained" size="large" disabled={!open || !media.ready || joining || (needsConsent && !consent)} onClick={() => onJoin(needsConsent ? consent : false)}>
          {t(call.myRole === 'patient' ? 'join' : 'start')}
        </Button>
      </Stack>
    </Paper>
  );
}
