import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phoneKey, isValidPhone } from '@wellbe/shared/domain/phone';
import { foldName, PATIENT_MESSAGES, patientCreateSchema } from '@wellbe/shared/schemas/patients';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { usePatientSearch, type PatientSearchHit } from '../../../lib/patient-search.ts';
import { translateMessage } from '../../../lib/messages.ts';
import { consultationMessage } from '../draft-validation.ts';
import { PATIENT_KEYS } from '../../../lib/patient-messages.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { PatientChoiceField, TYPING_PAUSE_MS } from './patient-choice-field.tsx';
import { useConsultationPanel } from '../consultation-store.ts';
import { closeSaveDialog, requestLogin, saveConsultation, useSaveState } from '../save-flow.ts';

type Field = 'FullName' | 'PhoneNumber' | 'Email';

/**
 * SPEC §2 save dialog 'Choisissez un patient': pick an existing patient ('Choix du patient', searched
 * on the server as one types) or create one, with the SPEC §5 rules checked live against the server.
 */
export function PatientDialog() {
  const { t } = useTranslation('consultations');
  // The new patient's messages are patients.json's, shared with the patients page's dialog.
  const { t: tPatients } = useTranslation('patients');
  const save = useSaveState();
  const { patient: panelPatient } = useConsultationPanel();
  const [otherPatient, setOtherPatient] = useState<{ idPatient: string; FullName: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<PatientSearchHit | null>(null);
  const [search, setSearch] = useState('');
  const [patient, setPatient] = useState<Record<Field, string>>({ FullName: '', PhoneNumber: '', Email: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});

  // Each opening starts from a clean choice (SPEC §4: the selection resets after a save), with the
  // panel's patient preselected when it was opened from their file.
  useEffect(() => {
    if (save.dialogOpen) {
      if (panelPatient) {
        setSelected({ idPatient: panelPatient.idPatient, FullName: panelPatient.FullName, PhoneNumber: '' });
        setSearch(panelPatient.FullName);
      }
      return;
    }
    setOtherPatient(null);
    setSelected(null);
    setSearch('');
    setPatient({ FullName: '', PhoneNumber: '', Email: '' });
    setTouched({});
    setCreating(false);
    // The panel's patient is read once per opening, not on every change of it.
  }, [save.dialogOpen]);


  const name = useDebouncedValue(patient.FullName.trim(), TYPING_PAUSE_MS);
  const phone = useDebouncedValue(patient.PhoneNumber.trim(), TYPING_PAUSE_MS);
  const nameCheck = usePatientSearch(name, 'panel', { enabled: save.dialogOpen && creating && name.length > 0, onUnauthorized: requestLogin });
  const phoneCheck = usePatientSearch(phone, 'panel', { enabled: save.dialogOpen && creating && isValidPhone(phone), onUnauthorized: requestLogin });
  const duplicateName = creating && !!name && !!nameCheck.data?.some((p) => foldName(p.FullName) === foldName(name));
  const duplicatePhone = creating && isValidPhone(phone) && !!phoneCheck.data?.some((p) => phoneKey(p.PhoneNumber ?? '') === phoneKey(phone));
  const checking = creating && (name !== patient.FullName.trim() || phone !== patient.PhoneNumber.trim() || nameCheck.isFetching || phoneCheck.isFetching);

  const parsed = patientCreateSchema.safeParse(patient);
  const fieldError = (field: Field): string | undefined => {
    if (field === 'FullName' && duplicateName) return translateMessage(tPatients, PATIENT_KEYS, PATIENT_MESSAGES.duplicateName);
    if (field === 'PhoneNumber' && duplicatePhone) return translateMessage(tPatients, PATIENT_KEYS, PATIENT_MESSAGES.duplicatePhone);
    if (!touched[field] || parsed.success) return undefined;
    return translateMessage(tPatients, PATIENT_KEYS, parsed.error.issues.find((i) => i.path[0] === field)?.message);
  };

  // SPEC §5: create is disabled while name, phone or email is empty or the name exists already.
  const canConfirm = creating ? parsed.success && !duplicateName && !duplicatePhone && !checking : !!selected?.idPatient && !!selected.FullName;

  const confirm = (checked = false) => {
    if (!canConfirm || save.saving) return;
    // Begun for one patient, saved for another: asked first (a wrong-patient note is a clinical risk).
    const target = creating ? null : selected;
    if (!checked && panelPatient && (creating || (target && target.idPatient !== panelPatient.idPatient))) {
      setOtherPatient(creating ? { idPatient: '', FullName: patient.FullName.trim() } : { idPatient: target!.idPatient, FullName: target!.FullName });
      return;
    }
    setOtherPatient(null);
    if (creating && parsed.success) void saveConsultation({ kind: 'create', patient: parsed.data });
    else if (selected) void saveConsultation({ kind: 'existing', idPatient: selected.idPatient, FullName: selected.FullName });
  };

  const input = (field: Field, label: string, type = 'text') => (
    <TextField
      label={label}
      type={type}
      value={patient[field]}
      required
      fullWidth
      onChange={(e) => {
        setPatient((p) => ({ ...p, [field]: e.target.value }));
        setTouched((s) => ({ ...s, [field]: true }));
      }}
      onBlur={() => setTouched((s) => ({ ...s, [field]: true }))}
      error={!!fieldError(field)}
      helperText={fieldError(field)}
      disabled={save.saving}
    />
  );

  return (
    <Dialog open={save.dialogOpen} onClose={closeSaveDialog} maxWidth="sm" fullWidth aria-labelledby="patient-dialog-title">
      <DialogTitle id="patient-dialog-title">{t('saveDialog.title')}</DialogTitle>
      <DialogContent>
        <FormControlLabel
          control={<Switch checked={creating} onChange={(e) => setCreating(e.target.checked)} disabled={save.saving} />}
          label={t('saveDialog.createToggle')}
          sx={{ mb: 2 }}
        />
        {creating ? (
          <Stack spacing={2}>
            {input('FullName', t('saveDialog.name'))}
            {input('PhoneNumber', t('saveDialog.phone'), 'tel')}
            {input('Email', t('saveDialog.email'), 'email')}
          </Stack>
        ) : (
          <PatientChoiceField value={selected} onChange={setSelected} input={search} onInput={setSearch} enabled={save.dialogOpen && !creating} disabled={save.saving} />
        )}
        {save.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {/* The server's refusal: the new patient's (a duplicate) or the consultation's, in the interface's language. */}
            {consultationMessage(translateMessage(tPatients, PATIENT_KEYS, save.error))}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={closeSaveDialog} disabled={save.saving}>
          {t('saveDialog.cancel')}
        </Button>
        <Button variant="contained" onClick={() => confirm()} disabled={!canConfirm || save.saving}>
          {save.saving ? t('saveDialog.loading') : creating ? t('saveDialog.confirmCreate') : t('saveDialog.confirm')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={!!otherPatient}
        title={t('otherPatient.title')}
        text={t('otherPatient.text', { started: panelPatient?.FullName ?? '', chosen: otherPatient?.FullName ?? '' })}
        cancelLabel={t('otherPatient.cancel')}
        confirmLabel={t('otherPatient.confirm')}
        confirmColor="primary"
        onCancel={() => setOtherPatient(null)}
        onConfirm={() => confirm(true)}
      />
    </Dialog>
  );
}
