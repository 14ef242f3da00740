import { Box, CircularProgress, Fab, GlobalStyles, Paper } from '@mui/material';
import NoteAddOutlinedIcon from '@mui/icons-material/NoteAddOutlined';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { LAUNCHER_CLASS } from '../../../components/floating-launcher.tsx';
import { TOASTS_CLASS } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { consultationStore, flushDraft, hasUnsavedDraft, openConsultation, openPanel, openPanelForAppointment, openPanelForPatient, updateDraft, useConsultationPanel } from '../consultation-store.ts';

/** The patient whose file is on screen (/patient/{tab}/{idPatient}...), if any. */
function filePatientId(pathname: string): string | null {
  const match = /^\/patient\/[^/]+\/([^/]+)/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

// The panel (TipTap, date picker) loads on first opening, not with every screen.
const ConsultationPanel = lazy(() => import('./consultation-panel.tsx').then((m) => ({ default: m.ConsultationPanel })));

/** The URL search parameter that opens a consultation in edit mode from any screen. */
export const CONSULTATION_PARAM = 'consultation';
/** The URL search parameter that starts the consultation of an appointment (from the agenda). */
export const APPOINTMENT_PARAM = 'appointment';
/** With `?appointment=`: the visit was a téléconsultation (the end of the call), noted in the new consultation. */
export const TELECONSULTATION_PARAM = 'teleconsultation';

/**
 * SPEC §2: the floating 'Consultation' button at the bottom right, for the dps roles (SPEC §6), and
 * the panel it opens. `?consultation=<id>` opens that consultation in edit mode; `?appointment=<id>`
 * starts the consultation of that appointment. Its own Suspense
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
  const panel = useConsultationPanel();
  const { open } = panel;
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const unsaved = hasUnsavedDraft(panel);
  const allowed = !!role && can(role, 'dps');
  const requested = params.get(CONSULTATION_PARAM);
  const fromAppointment = params.get(APPOINTMENT_PARAM);
  const byVideo = params.get(TELECONSULTATION_PARAM) === '1';
  const videoNote = t('teleconsultationNote');

  useEffect(() => {
    if (!allowed || (!requested && !fromAppointment)) return;
    if (requested) void openConsultation(requested);
    else if (fromAppointment) void openPanelForAppointment(fromAppointment).then(() => byVideo && !consultationStore.get().draft.ConsultationNote && updateDraft({ ConsultationNote: `<p>${videoNote}</p>` }));
    setParams(
      (p) => {
        p.delete(CONSULTATION_PARAM);
        p.delete(APPOINTMENT_PARAM);
        p.delete(TELECONSULTATION_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [allowed, requested, fromAppointment, byVideo, videoNote, setParams]);

  // The draft is in the browser's storage, but files are not, and a tab closed by mistake is a
  // surprise: the browser asks before leaving while something is not saved.
  useEffect(() => {
    if (!allowed || !unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      flushDraft();
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', flushDraft);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', flushDraft);
    };
  }, [allowed, unsaved]);

  if (!allowed) return null;
  const fromFile = filePatientId(pathname);
  // From a patient's file, the panel is for that patient (patient first); elsewhere, the SPEC flow.
  const launch = () => (fromFile ? void openPanelForPatient(fromFile) : openPanel());
  return (
    <>
      {/* The button never covers content: pages keep room for it at their bottom, and the
          bottom-right toasts stack above it — or, with the panel open, above its action bar, so a
          toast never sits on 'Enregistrer'. */}
      <GlobalStyles styles={open ? { [`.${TOASTS_CLASS}`]: { bottom: '72px !important' } } : { '#main-content': { paddingBottom: 96 }, [`.${TOASTS_CLASS}`]: { bottom: '88px !important' } }} />
      {!open && (
        // On a phone the button is its round icon (its name stays 'Consultation'): with its label
        // it covered half the width of the content scrolling under it.
        <Fab
          className={LAUNCHER_CLASS}
          variant="extended"
          color="secondary"
          onClick={launch}
          aria-label={t('launcher')}
          sx={{ position: 'fixed', right: { xs: 16, sm: 24 }, bottom: { xs: 16, sm: 24 }, zIndex: (th) => th.zIndex.speedDial, px: { xs: 0, sm: 2 }, width: { xs: 56, sm: 'auto' }, height: { xs: 56, sm: 48 }, borderRadius: { xs: '50%', sm: 24 } }}
        >
          <NoteAddOutlinedIcon sx={{ mr: { xs: 0, sm: 1 } }} />
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('launcher')}
          </Box>
        </Fab>
      )}
      {open && (
        <Suspense
          fallback={
            <Paper role="status" elevation={6} sx={{ position: 'fixed', right: 24, bottom: 24, px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, zIndex: (th) => th.zIndex.speedDial }}>
              <CircularProgress size={18} aria-hidden />
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
