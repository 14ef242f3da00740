import { Alert, Box, Button, Chip, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import DeleteSweepOutlinedIcon from '@mui/icons-material/DeleteSweepOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { isConsultationEmpty } from '@wellbe/shared/domain/consultation';
import { PANEL_HEIGHT_RATIO } from '@wellbe/shared/constants';
import { can } from '@wellbe/shared/permissions';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { WithLtr } from '../../../components/ltr.tsx';
import { useSession } from '../../../lib/session.ts';
import { formatDecimal } from '@wellbe/shared/domain/decimal';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { clearForm, closePanel, startNewConsultation, toggleFullScreen, useConsultationPanel } from '../consultation-store.ts';
import { checkDraft, consultationMessage, fieldId } from '../draft-validation.ts';
import { cancelWarnings, confirmWarnings, openSaveDialog, saveConsultation, useSaveState } from '../save-flow.ts';
import { ConsultationForm } from './consultation-form.tsx';
import { ConsultationRecordBar } from './consultation-record.tsx';
import { FailedUploads } from './failed-uploads.tsx';
import { PatientDialog } from './patient-dialog.tsx';
import { ReloginDialog } from './relogin-dialog.tsx';
// Loaded with its texts (questionnaires namespace) only when the panel opens for a patient.
const PreVisitAnswers = lazy(() => import('./pre-visit-answers.tsx'));
// Shown only after a save, by the roles that invoice: out of the chrome's first load.
const InvoiceSavedButton = lazy(() => import('./invoice-saved.tsx').then((m) => ({ default: m.InvoiceSavedButton })));

/** The panel's top bar: its title and chips, full screen, clear, close. */
function PanelTopBar({ title, onClear }: { title: string; onClear: () => void }) {
  const { t } = useTranslation('consultations');
  const panel = useConsultationPanel();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
      <Typography id="consultation-panel-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
        {title}
      </Typography>
      {panel.mode === 'edit' && <Chip size="small" label={t('panel.editChip')} sx={{ bgcolor: 'primary.light', color: 'inherit' }} />}
      {panel.mode === 'new' && panel.patient?.appointment && (
        <Chip size="small" label={<WithLtr text={(date) => t('panel.appointmentChip', { date })} value={formatDateTime(panel.patient.appointment.startsAt)} />} sx={{ bgcolor: 'primary.light', color: 'inherit' }} />
      )}
      <Tooltip title={panel.fullScreen ? t('panel.exitFullScreen') : t('panel.fullScreen')}>
        <IconButton color="inherit" onClick={toggleFullScreen} aria-label={panel.fullScreen ? t('panel.exitFullScreen') : t('panel.fullScreen')} aria-pressed={panel.fullScreen}>
          {panel.fullScreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('panel.clear')}>
        <IconButton color="inherit" onClick={onClear} aria-label={t('panel.clear')}>
          <DeleteSweepOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('panel.close')}>
        <IconButton color="inherit" onClick={closePanel} aria-label={t('panel.close')}>
          <CloseIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}

/** "Consultation saved" (SPEC §4: shown for a moment). */
function SavedAlert() {
  const { t } = useTranslation('consultations');
  return (
    <Alert variant="filled" severity="success" sx={{ mb: 1.5 }}>
      {t('panel.success')}
    </Alert>
  );
}

/**
 * 'Documents' once a consultation is saved (issue 33): an ordonnance, a certificate or a letter for
 * it. It stays until the next save or a new consultation — the success alert lasts two seconds,
 * too short to be the only way there.
 */
function DocumentsSavedButton() {
  const { t } = useTranslation('consultations');
  const { saved } = useSaveState();
  if (!saved) return null;
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={<DescriptionOutlinedIcon />}
      component={RouterLink}
      to={`/documents/${saved.idPatient}?fromConsultation=${saved.idConsultation}`}
      // The panel closes so the documents screen is not hidden behind it.
      onClick={closePanel}
      sx={{ mb: 1.5 }}
    >
      {t('panel.documents')}
    </Button>
  );
}

/** The save's outcome and what follows it: the alert, 'Documents' and 'Facturer', refused files. */
function PanelFeedback() {
  const { role } = useSession();
  const save = useSaveState();
  const { failedUploads } = useConsultationPanel();
  const canInvoice = !!role && can(role, 'invoicesWrite');
  // The documents screen's own rule (routes.ts: /documents/:idPatient is dpsWrite).
  const canDocuments = !!role && can(role, 'dpsWrite');
  if (!save.success && !(save.saved && canDocuments) && failedUploads.length === 0) return null;
  return (
    <Box sx={{ px: { xs: 2, md: 3 }, pt: 1.5, borderBottom: 1, borderColor: 'divider', maxHeight: '40%', overflowY: 'auto' }} data-testid="panel-feedback">
      {save.success && <SavedAlert />}
      {save.saved && canDocuments && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <DocumentsSavedButton />
          {canInvoice && (
            <Suspense fallback={null}>
              <InvoiceSavedButton />
            </Suspense>
          )}
        </Stack>
      )}
      <FailedUploads />
    </Box>
  );
}

/** The save's plausibility warnings (IMC, weight change), confirmed or cancelled before saving. */
function WarningsDialog() {
  const { t } = useTranslation('consultations');
  const save = useSaveState();
  return (
    <ConfirmDialog
      open={!!save.warnings}
      title={t('warnings.title')}
      text={(save.warnings ?? [])
        .map((w) =>
          w.kind === 'imc'
            ? t('warnings.imc', { imc: formatDecimal(w.imc, 2) })
            : t('warnings.weightChange', { current: formatDecimal(w.current), previous: formatDecimal(w.previous), percent: w.percent }),
        )
        .join(' ')}
      cancelLabel={t('warnings.cancel')}
      confirmLabel={t('warnings.confirm')}
      confirmColor="primary"
      onCancel={cancelWarnings}
      onConfirm={() => void confirmWarnings()}
    />
  );
}

/**
 * SPEC §2 consultation panel: anchored bottom right, 3/4 of the height and 1/2 of the width, or full
 * height and 4/5 of the width in full screen. Top bar: full screen, close, clear.
 */
/** The form with what surrounds it: a new consultation's pre-visit answers, the record's signature and addenda. */
function PanelBody({ idPatient, canWrite, locked }: { idPatient: string | undefined; canWrite: boolean; locked: boolean }) {
  return (
    <>
      {idPatient && (
        <Suspense fallback={null}>
          <PreVisitAnswers idPatient={idPatient} />
        </Suspense>
      )}
      <ConsultationRecordBar canWrite={canWrite} />
      {/* A locked consultation reads as it is: its form takes no input (corrections are addenda). */}
      <Box inert={locked} sx={locked ? { opacity: 0.75 } : undefined}>
        <ConsultationForm />
      </Box>
    </>
  );
}

export function ConsultationPanel() {
  const { t } = useTranslation('consultations');
  const { role, user } = useSession();
  const panel = useConsultationPanel();
  const save = useSaveState();
  const [confirmClear, setConfirmClear] = useState(false);
  const canWrite = !!role && can(role, 'dpsWrite');
  const empty = isConsultationEmpty(panel.draft);
  const locked = panel.mode === 'edit' && !!panel.editing?.lockedAt;
  const check = checkDraft(panel.draft, { birthDate: panel.patient?.birthDate, idJobSpecialist: user?.data.idJobSpecialist ?? null });
  const invalidCount = Object.keys(check.errors).length;
  const title =
    panel.mode === 'edit' && panel.editing
      ? t('panel.editTitle', { name: panel.editing.patientFullName })
      : panel.patient
        ? panel.patient.birthDate
          ? t('panel.patientTitle', { name: panel.patient.FullName, birthDate: formatDate(panel.patient.birthDate) })
          : t('panel.patientTitleNoBirth', { name: panel.patient.FullName })
        : t('panel.title');

  /** Scrolls to the first invalid field and puts the focus in it. */
  const goToFirstInvalid = () => {
    if (!check.first) return;
    const el = document.getElementById(fieldId(check.first));
    el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el?.focus({ preventScroll: true });
  };

  const onSave = () => {
    if (invalidCount > 0) {
      goToFirstInvalid();
      return;
    }
    // Edit mode: the patient is the consultation's own; a new consultation asks for one (SPEC §2).
    if (panel.mode === 'edit') void saveConsultation({ kind: 'edit' });
    else openSaveDialog();
  };

  return (
    <Paper
      elevation={12}
      role="dialog"
      aria-modal="false"
      aria-labelledby="consultation-panel-title"
      sx={{
        position: 'fixed',
        right: 0,
        bottom: 0,
        zIndex: (th) => th.zIndex.drawer + 2,
        height: panel.fullScreen ? '100vh' : `${PANEL_HEIGHT_RATIO * 100}vh`,
        width: { xs: '100vw', md: panel.fullScreen ? '80vw' : '50vw' },
        display: 'flex',
        flexDirection: 'column',
        borderTopLeftRadius: panel.fullScreen ? 0 : 12,
        overflow: 'hidden',
      }}
      data-testid="consultation-panel"
      data-fullscreen={panel.fullScreen}
    >
      <PanelTopBar title={title} onClear={() => setConfirmClear(true)} />

      {/* Pinned above the scrolling form: seen wherever the user has scrolled to. */}
      <PanelFeedback />

      <Box sx={{ flex: 1, overflowY: 'auto', px: { xs: 2, md: 3 }, py: 2 }}>
        {!canWrite && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('panel.readOnly')}
          </Alert>
        )}
        {panel.loading ? (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
            <CircularProgress size={28} aria-hidden />
            {t('panel.loading')}
          </Box>
        ) : panel.loadError ? (
          <Alert severity="error">{t('panel.loadError', { message: panel.loadError })}</Alert>
        ) : (
          <>
            <PanelBody idPatient={panel.mode === 'new' ? panel.patient?.idPatient : undefined} canWrite={canWrite} locked={locked} />
          </>
        )}
        {panel.mode === 'edit' && save.error && !save.dialogOpen && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {consultationMessage(save.error)}
          </Alert>
        )}
      </Box>

      <Stack direction="row" spacing={1} sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        {panel.mode === 'edit' && (
          <Button onClick={() => startNewConsultation()} sx={{ mr: 'auto' }}>
            {t('buttons.newConsultation')}
          </Button>
        )}
        <Button color="inherit" onClick={() => setConfirmClear(true)}>
          {t('buttons.clear')}
        </Button>
        {invalidCount > 0 && !empty && (
          <Button color="error" size="small" onClick={goToFirstInvalid} sx={{ mr: 'auto' }}>
            {t('panel.invalidSummary', { n: invalidCount })}
          </Button>
        )}
        {/* Invalid: looks and reads disabled, but a press still takes the user to the field to fix. */}
        <Button
          variant="contained"
          onClick={onSave}
          disabled={empty || !canWrite || locked || save.saving || panel.loading}
          aria-disabled={invalidCount > 0 || undefined}
          data-invalid={invalidCount > 0 || undefined}
          sx={invalidCount > 0 ? { bgcolor: 'action.disabledBackground', color: 'text.disabled', boxShadow: 'none', '&:hover': { bgcolor: 'action.disabledBackground', boxShadow: 'none' } } : undefined}
        >
          {save.saving && panel.mode === 'edit' ? t('panel.loading') : t('buttons.save')}
        </Button>
      </Stack>

      <ConfirmDialog
        open={confirmClear}
        text={t('clearDialog.text')}
        cancelLabel={t('clearDialog.cancel')}
        confirmLabel={t('clearDialog.confirm')}
        confirmColor="primary"
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => {
          clearForm();
          setConfirmClear(false);
        }}
      />
      <WarningsDialog />
      <PatientDialog />
      <ReloginDialog />
    </Paper>
  );
}
