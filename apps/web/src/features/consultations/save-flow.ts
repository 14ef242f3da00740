import { SUCCESS_ALERT_MS } from '@wellbe/shared/constants';
import type { PatientCreate } from '@wellbe/shared/schemas/patients';
import { isApiError } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { createStore } from '../../lib/store.ts';
import { getSession } from '../../lib/session.ts';
import { createConsultation } from './api/create-consultation.ts';
import { notify } from '../../lib/notify.ts';
import { markAppointmentHonoured } from './api/appointment.ts';
import { createPatient } from './api/create-patient.ts';
import { updateConsultation } from './api/update-consultation.ts';
import { keepUntouched } from './edit-baseline.ts';
import { uploadDocument } from './api/upload-document.ts';
import type { PlausibilityWarning } from '@wellbe/shared/domain/imc';
import { readPatientContext } from './api/read-patient-context.ts';
import { consultationStore, setFailedUploads, startNewConsultation, toConsultationFields, type FailedUpload } from './consultation-store.ts';
import { draftWarnings } from './draft-validation.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/** Who the consultation is for: a patient picked in the list, or one created on the way. */
export type SaveTarget = { kind: 'existing'; idPatient: string; FullName: string } | { kind: 'create'; patient: PatientCreate } | { kind: 'edit' };

export interface SaveState {
  saving: boolean;
  /** The last failure, shown in the dialog (French, from the server). */
  error: string | null;
  /** A 401 arrived: the draft is kept and the practitioner signs in again in place. */
  needsLogin: boolean;
  pending: SaveTarget | null;
  /** A patient created by this save, so a retry does not create it twice. */
  createdPatientId: string | null;
  /** 'Consultation créer avec succès' is showing. */
  success: boolean;
  /** The save dialog is open. */
  dialogOpen: boolean;
  /** Unusual values waiting for the user's confirmation before the save goes on. */
  warnings: PlausibilityWarning[] | null;
  /**
   * The consultation this panel last saved (the form itself is already fresh by then): its 'Documents'
   * button writes an ordonnance or a certificate for it, 'Facturer' invoices it.
   */
  saved: SavedConsultation | null;
}

export interface SavedConsultation {
  idConsultation: string;
  idPatient: string;
  patientName: string;
}

export const saveStore = createStore<SaveState>({
  saving: false,
  error: null,
  needsLogin: false,
  pending: null,
  createdPatientId: null,
  success: false,
  dialogOpen: false,
  warnings: null,
  saved: null,
});
export const useSaveState = saveStore.use;

let successTimer: ReturnType<typeof setTimeout> | undefined;

export function openSaveDialog() {
  saveStore.set({ dialogOpen: true, error: null });
}
export function closeSaveDialog() {
  if (!saveStore.get().saving) saveStore.set({ dialogOpen: false, error: null, createdPatientId: null });
}

function currentUser() {
  const { user } = getSession();
  if (!user) throw new Error('no session');
  return { id: user.id, idOrganization: user.idOrganization, idJobSpecialist: user.data.idJobSpecialist };
}

/** Uploads each file, one request per file (SPEC §7); a failure is kept with its reason, never dropped. */
async function uploadAll(files: File[], idConsultation: string, idPatient: string): Promise<FailedUpload[]> {
  const failed: FailedUpload[] = [];
  for (const file of files) {
    try {
      await uploadDocument({ user: currentUser(), idConsultation, idPatient, file });
      // Uploaded files leave the list, so a save resumed after a re-login does not send them twice.
      consultationStore.set((s) => ({ files: s.files.filter((f) => f !== file) }));
    } catch (error) {
      if (isApiError(error) && error.status === 401) throw error;
      failed.push({ file, reason: error instanceof Error ? error.message : String(error), idConsultation, idPatient });
    }
  }
  return failed;
}

/**
 * SPEC §4 save: the patient first when creating one, then the consultation (idempotent on its id,
 * so a retry is safe), then each document. Then the success alert, a fresh form with a new id, an
 * empty files list, and the patient list reloaded.
 */
/** The weight of the patient's previous consultation, for the plausibility warning. */
async function previousWeightFor(target: SaveTarget): Promise<number | null> {
  const { patient, mode, draft } = consultationStore.get();
  // Edit mode: the latest weight may be this very consultation's; only the IMC is checked.
  if (mode === 'edit' || target.kind === 'create' || target.kind === 'edit' || draft.Weight.trim() === '') return null;
  if (patient?.idPatient === target.idPatient) return patient.previousWeight;
  return (await readPatientContext(target.idPatient)).previousWeight;
}

export async function saveConsultation(target: SaveTarget, { confirmed = false }: { confirmed?: boolean } = {}): Promise<boolean> {
  saveStore.set({ saving: true, error: null, pending: target, warnings: null, saved: null });
  try {
    const user = currentUser();
    const { draft, mode, editing } = consultationStore.get();
    if (!confirmed) {
      // Plausibility (an IMC under 12 or over 60, a weight change over 20 %): confirmed, not refused.
      const warnings = draftWarnings(draft, await previousWeightFor(target));
      if (warnings.length > 0) {
        saveStore.set({ saving: false, warnings });
        return false;
      }
    }
    let idPatient: string;
    let idConsultation: string;
    let patientName = '';
    if (mode === 'edit' && editing) {
      const fields = keepUntouched(toConsultationFields(draft, user.idJobSpecialist, editing.consultationDate), draft, editing.baseline);
      const updated = await updateConsultation(editing.idConsultation, editing.version, fields);
      consultationStore.set({ editing: { ...editing, version: updated.version } });
      idPatient = editing.idPatient;
      idConsultation = editing.idConsultation;
      patientName = editing.patientFullName;
    } else {
      if (target.kind === 'existing') {
        idPatient = target.idPatient;
        patientName = target.FullName;
      } else if (target.kind === 'create') {
        idPatient = saveStore.get().createdPatientId ?? (await createPatient(user, target.patient)).idPatient;
        saveStore.set({ createdPatientId: idPatient });
        patientName = target.patient.FullName;
      } else throw new Error('no patient');
      // Started from an appointment of this patient: the consultation is dated at its start.
      const from = consultationStore.get().patient;
      const appointment = from?.appointment && from.idPatient === idPatient ? from.appointment : null;
      const fields = toConsultationFields(draft, user.idJobSpecialist, appointment?.startsAt ?? new Date().toISOString());
      idConsultation = (await createConsultation({ user, idPatient, idConsultation: draft.idConsultation, consultationCreate: fields })).idConsultation;
      if (appointment) {
        // The consultation is saved whatever happens here; a refusal (an appointment not
        // confirmed, someone else's agenda) is said, and the agenda keeps its status.
        try {
          await markAppointmentHonoured(appointment.id, idConsultation);
        } catch (error) {
          notify(isApiError(error) ? error.message : String(error), 'warning');
        }
        consultationStore.set((s) => (s.patient ? { patient: { ...s.patient, appointment: null } } : {}));
      }
    }
    const failed = await uploadAll(consultationStore.get().files, idConsultation, idPatient);

    setFailedUploads([...consultationStore.get().failedUploads, ...failed]);
    // The panel's patient stays for the session, unless this consultation went to someone else.
    const panelPatient = consultationStore.get().patient;
    startNewConsultation({ keepPatient: !!panelPatient && target.kind === 'existing' && target.idPatient === panelPatient.idPatient });
    saveStore.set({ saving: false, pending: null, createdPatientId: null, dialogOpen: false, needsLogin: false, success: true, saved: { idConsultation, idPatient, patientName } });
    clearTimeout(successTimer);
    successTimer = setTimeout(() => saveStore.set({ success: false }), SUCCESS_ALERT_MS);
    void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      saveStore.set({ saving: false, needsLogin: true });
      return false;
    }
    saveStore.set({ saving: false, pending: null, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** 'Confirmer' on the plausibility warnings: the interrupted save goes on. */
export function confirmWarnings(): Promise<boolean> {
  const { pending } = saveStore.get();
  saveStore.set({ warnings: null });
  return pending ? saveConsultation(pending, { confirmed: true }) : Promise.resolve(false);
}

export function cancelWarnings() {
  saveStore.set({ warnings: null, pending: null });
}

/** A call of the panel got a 401 (token expired while writing): sign in again in place, draft kept. */
export function requestLogin() {
  saveStore.set({ needsLogin: true });
}

/** After the in-place sign-in: the interrupted save goes on where it stopped. */
export async function resumeSave(): Promise<boolean> {
  const { pending, saving } = saveStore.get();
  saveStore.set({ needsLogin: false });
  void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all });
  return pending && !saving ? saveConsultation(pending) : false;
}

export function cancelResume() {
  saveStore.set({ needsLogin: false, pending: null });
}

/** 'Réessayer' on the failed documents: each one again, to the consultation it belongs to. */
export async function retryFailedUploads(): Promise<void> {
  const failures = consultationStore.get().failedUploads;
  setFailedUploads([]);
  const still: FailedUpload[] = [];
  for (const f of failures) {
    try {
      await uploadDocument({ user: currentUser(), idConsultation: f.idConsultation, idPatient: f.idPatient, file: f.file });
    } catch (error) {
      still.push({ ...f, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  setFailedUploads(still);
  void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all });
}

export function dismissFailedUploads() {
  setFailedUploads([]);
}
