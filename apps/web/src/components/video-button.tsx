import { Button } from '@mui/material';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { videoWindow } from '@wellbe/shared/domain/video';

// "Démarrer la téléconsultation" (the practitioner) / "Rejoindre la téléconsultation" (the patient)
// on a téléconsultation appointment, from 15 minutes before it until 2 hours after its end (the
// server decides again when they join). It appears by itself when the time comes.

export interface VideoAppointment {
  id: string;
  startsAt: string;
  endsAt: string;
  teleconsultation?: boolean | null;
  status: string;
}

function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function VideoButton({ appointment: a, kind, fullWidth }: { appointment: VideoAppointment; kind: 'start' | 'join'; fullWidth?: boolean }) {
  // Its two words live in 'common': the pages that show it (dashboard, agenda) need no 'video' texts.
  const { t } = useTranslation('common');
  const now = useMinute();
  if (!a.teleconsultation || !['confirmé', 'demandé'].includes(a.status)) return null;
  if (videoWindow(new Date(a.startsAt), new Date(a.endsAt), new Date(now)) !== 'open') return null;
  return (
    <Button component={Link} to={`/teleconsultation/${encodeURIComponent(a.id)}`} variant="contained" size="small" startIcon={<VideocamIcon />} fullWidth={fullWidth}>
      {t(kind === 'start' ? 'videoCall.start' : 'videoCall.join')}
    </Button>
  );
}
