import { Button } from '@mui/material';
import VideocamIcon from '@mui/icons-material/VideocamOutlined';
import { useSyncExternalStore } from 'react';
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

// One clock for every button on screen, ticking every 30 s while one of them is drawn: a day's list
// of appointments started one timer per row (each timer costs a phone's main thread at the first
// render: issue 31).
const TICK_MS = 30_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
/** The time to the 30 s: the same value for every render within a tick. */
const snapshot = () => Math.floor(Date.now() / TICK_MS) * TICK_MS;

export function VideoButton(props: { appointment: VideoAppointment; kind: 'start' | 'join'; fullWidth?: boolean }) {
  const a = props.appointment;
  // Only a téléconsultation still to come or in progress watches the clock.
  if (!a.teleconsultation || !['confirmé', 'demandé'].includes(a.status)) return null;
  return <TimedVideoButton {...props} />;
}

function TimedVideoButton({ appointment: a, kind, fullWidth }: { appointment: VideoAppointment; kind: 'start' | 'join'; fullWidth?: boolean }) {
  // Its two words live in 'common': the pages that show it (dashboard, agenda) need no 'video' texts.
  const { t } = useTranslation('common');
  const current = useSyncExternalStore(subscribe, snapshot);
  if (videoWindow(new Date(a.startsAt), new Date(a.endsAt), new Date(current)) !== 'open') return null;
  return (
    <Button component={Link} to={`/teleconsultation/${encodeURIComponent(a.id)}`} variant="contained" size="small" startIcon={<VideocamIcon />} fullWidth={fullWidth}>
      {t(kind === 'start' ? 'videoCall.start' : 'videoCall.join')}
    </Button>
  );
}
