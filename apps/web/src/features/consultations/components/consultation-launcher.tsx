import { CircularProgress, Fab, Paper } from '@mui/material';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { useSession } from '../../../lib/session.ts';
import { openConsultation, openPanel, useConsultationPanel } from '../consultation-store.ts';

// The panel (TipTap, date picker) loads on first opening, not with every screen.
const ConsultationPanel = lazy(() => import('./consultation-panel.tsx').then((m) => ({ default: m.ConsultationPanel })));

/** The URL search parameter that opens a consultation in edit mode from any screen. */
export const CONSULTATION_PARAM = 'consultation';

/**
 * SPEC §2: the floating 'Consultation' button at the bottom right, for the dps roles (SPEC §6), and
 * the panel it opens. `?consultation=<id>` opens that consultation in edit mode. Its own Suspense
 * boundary: loading the `consultations` texts never blanks the shell around it.
 */
export function ConsultationLauncher() {
  return (
    <Suspense fallback={null}>
      <Launcher />
    </Suspense>
  );
}

function Launcher() {
  const { t } = useTranslation('consultations');
  const { role } = useSession();
  const { open } = useConsultationPanel();
  const [params, setParams] = useSearchParams();
  const allowed = !!role && can(role, 'dps');
  const requested = params.get(CONSULTATION_PARAM);

  useEffect(() => {
    if (!allowed || !requested) return;
    void openConsultation(requested);
    setParams(
      (p) => {
        p.delete(CONSULTATION_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [allowed, requested, setParams]);

  if (!allowed) return null;
  return (
    <>
      {!open && (
        <Fab variant="extended" color="secondary" onClick={openPanel} sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (th) => th.zIndex.speedDial }}>
          <NoteAddOutlinedIcon sx={{ mr: 1 }} />
          {t('launcher')}
        </Fab>
      )}
      {open && (
        <Suspense
          fallback={
            <Paper role="status" elevation={6} sx={{ position: 'fixed', right: 24, bottom: 24, px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, zIndex: (th) => th.zIndex.speedDial }}>
              <CircularProgress size={18} />
              {t('panel.loading')}
            </Paper>
          }
        >
          <ConsultationPanel />
        </Suspense>
      )}
    </>
  );
}
