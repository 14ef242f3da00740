import { DIETETIC_FIELDS, applyAnalgesicRule, hasDieteticFields, isConsultationEmpty, painStartDay, toDay, type DieteticField } from '@wellbe/shared/domain/consultation';
import { formatDecimal, parseDecimal } from '@wellbe/shared/domain/decimal';
import type { Appointment } from '@wellbe/shared/schemas/agenda';
import type { ConsultationDetail, ConsultationDocument, ConsultationFields } from '@wellbe/shared/schemas/consultations';
import { createStore } from '../../lib/store.ts';
import { editBaseline, type EditBaseline } from './edit-baseline.ts';
import { getSession, onSessionEnd, subscribeSession } from '../../lib/session.ts';
import { readAppointment } from './api/appointment.ts';
import { readConsultation } from './api/read-consultation.ts';
import { readPatientContext } from './api/read-patient-context.ts';
import { clearStoredDraft, readStoredDraft, writeStoredDraft } from './draft-storage.ts';

// SPEC §4: the panel's form data is mirrored into shared state on every change. It lives outside
// React, so it survives closing the panel and moving between screens; it is cleared at logout.

export type ConsultationDraft = {
  idConsultation: string;
  ConsultationNote: string;
  Diagnostic: string;
  HealthCareCategory: string;
  Size: string;
  Weight: string;
  dolorLocation: string;
  dolorIntensity: string;
  eradiation: string;
  triggeringFactor: string;
  startEradiationDate: string;
  antalgesicTreatment: string;
  treatmentName: string;
  treatmentEfficacy: string;
  preventionType: 'primary' | 'secondary' | 'tertiary';
  prevention1: string;
  prevention2: string;
  prevention3: string;
} & Record<DieteticField, string>;

export interface EditTarget {
  idConsultation: string;
  version: number;
  idPatient: string;
  patientFullName: string;
  consultationDate: string;
  documents: ConsultationDocument[];
  /** Issue 32: its author (who may sign), signature, lock (read-only) and addenda. */
  authorId?: string;
  signedAt?: string | null;
  signedByName?: string | null;
  lockedAt?: string | null;
  addenda?: ConsultationDetail['addenda'];
  /** The fields as opened and as stored: untouched ones are saved unchanged (edit-baseline.ts). */
  baseline?: EditBaseline;
}

/** A document the server did not take: named with the reason, and retried on demand ('Réessayer'). */
export interface FailedUpload {
  file: File;
  reason: string;
  idConsultation: string;
  idPatient: string;
}

/** The patient the panel was opened for (from their file): preselected at save, named in the title. */
export interface PatientContext {
  idPatient: string;
  FullName: string;
  birthDate: string | null;
  /** The weight of the patient's latest consultation, for the plausibility warning. */
  previousWeight: number | null;
  /**
   * The appointment the consultation is started from ("time of consultation"): its start is the
   * consultation's date, and saving marks it honoured with the link.
   */
  appointment?: { id: string; startsAt: string } | null;
}

export interface ConsultationPanelState {
  open: boolean;
  fullScreen: boolean;
  mode: 'new' | 'edit';
  draft: ConsultationDraft;
  files: File[];
  editing: EditTarget | null;
  failedUploads: FailedUpload[];
  loading: boolean;
  loadError: string | null;
  /** The user the draft belongs to: another user signing in never sees it. */
  owner: string | null;
  /** The patient first: set when the panel is opened from a patient's file. */
  patient: PatientContext | null;
  /**
   * Bumped whenever the form starts over (saved, cleared, new consultation, other patient, draft
   * loaded): the rich-text editors are rebuilt, so their undo history cannot bring back the text of
   * the previous consultation — possibly another patient's.
   */
  generation: number;
}

export function emptyDraft(): ConsultationDraft {
  return {
    idConsultation: crypto.randomUUID(),
    ConsultationNote: '',
    Diagnostic: '',
    HealthCareCategory: '',
    Size: '',
    Weight: '',
    dolorLocation: 'Non Renseigné',
    dolorIntensity: 'Non Renseigné',
    eradiation: '',
    triggeringFactor: '',
    startEradiationDate: toDay(new Date()),
    antalgesicTreatment: 'Non renseigné',
    treatmentName: '',
    treatmentEfficacy: 'Non renseigné',
    preventionType: 'primary',
    prevention1: '',
    prevention2: '',
    prevention3: '',
    ...(Object.fromEntries(DIETETIC_FIELDS.map((f) => [f, ''])) as Record<DieteticField, string>),
  };
}

const initial = (): ConsultationPanelState => ({
  open: false,
  fullScreen: false,
  mode: 'new',
  draft: emptyDraft(),
  files: [],
  editing: null,
  failedUploads: [],
  loading: false,
  loadError: null,
  owner: getSession().user?.id ?? null,
  patient: null,
  generation: 0,
});

const nextGeneration = (s: ConsultationPanelState) => s.generation + 1;

function startingState(): ConsultationPanelState {
  const state = initial();
  return state.owner ? { ...state, ...restoreFor(state.owner) } : state;
}

export const consultationStore = createStore<ConsultationPanelState>(startingState());
export const useConsultationPanel = consultationStore.use;

export function openPanel() {
  consultationStore.set({ open: true, owner: getSession().user?.id ?? null });
}
export function closePanel() {
  consultationStore.set({ open: false });
}
export function toggleFullScreen() {
  consultationStore.set((s) => ({ fullScreen: !s.fullScreen }));
}

/** Every change of the form goes here; the SPEC §4 analgesic rule applies on the way. */
export function updateDraft(patch: Partial<ConsultationDraft>) {
  consultationStore.set((s) => ({ draft: applyAnalgesicRule({ ...s.draft, ...patch }) }));
}

export function setFiles(files: File[]) {
  consultationStore.set({ files });
}

/** 'Vider le formulaire': the content goes, the mode and the consultation being edited stay. */
export function clearForm() {
  consultationStore.set((s) => ({ draft: { ...emptyDraft(), idConsultation: s.draft.idConsultation }, files: [], generation: nextGeneration(s) }));
}

/**
 * After a save, and 'Nouvelle Consultation': a fresh form with a new consultation id (SPEC §4).
 * The patient the panel was opened for stays preselected unless `keepPatient` is false.
 */
export function startNewConsultation({ keepPatient = true }: { keepPatient?: boolean } = {}) {
  consultationStore.set((s) => ({
    mode: 'new',
    editing: null,
    draft: emptyDraft(),
    files: [],
    loadError: null,
    patient: keepPatient ? s.patient : null,
    generation: nextGeneration(s),
  }));
}

/**
 * Opens the panel for a patient (from their file). A draft already begun for another patient stays
 * with that patient (its title names them); otherwise the patient becomes the panel's patient, and
 * the editors start over so nothing typed for someone else can be undone back into view.
 */
export async function openPanelForPatient(idPatient: string): Promise<void> {
  openPanel();
  const s = consultationStore.get();
  if (s.mode === 'edit') return;
  if (s.patient && s.patient.idPatient !== idPatient && !isConsultationEmpty(s.draft)) return;
  try {
    const patient = await readPatientContext(idPatient);
    const now = consultationStore.get();
    if (now.mode === 'edit' || (now.patient && now.patient.idPatient !== idPatient && !isConsultationEmpty(now.draft))) return;
    setPanelPatient(patient);
  } catch {
    // Not readable (archived, gone): the panel stays as the SPEC flow has it, patient chosen at save.
  }
}

/**
 * Opens the panel from an appointment (the agenda's 'Démarrer la consultation'): the appointment's
 * patient, and its start as the consultation's date. A draft begun for someone else stays theirs.
 */
export async function openPanelForAppointment(idAppointment: string): Promise<void> {
  let appointment: Appointment;
  try {
    appointment = await readAppointment(idAppointment);
  } catch {
    openPanel();
    return;
  }
  if (!appointment.patientId) return openPanel();
  await openPanelForPatient(appointment.patientId);
  const { patient, mode } = consultationStore.get();
  if (mode === 'new' && patient?.idPatient === appointment.patientId) {
    consultationStore.set({ patient: { ...patient, appointment: { id: appointment.id, startsAt: appointment.startsAt } } });
  }
}

/** The panel's patient changes (or is set): the undo history of the editors goes. */
export function setPanelPatient(patient: PatientContext | null) {
  consultationStore.set((s) => (s.patient?.idPatient === patient?.idPatient ? { patient } : { patient, generation: nextGeneration(s) }));
}

export function setFailedUploads(failedUploads: FailedUpload[]) {
  consultationStore.set({ failedUploads });
}

function draftFromDetail(d: ConsultationDetail): ConsultationDraft {
  const text = (v: string | null) => v ?? '';
  return {
    idConsultation: d.idConsultation,
    ConsultationNote: d.ConsultationNote,
    Diagnostic: d.Diagnostic,
    HealthCareCategory: d.HealthCareCategory,
    Size: d.Size === null ? '' : formatDecimal(d.Size),
    Weight: d.Weight === null ? '' : formatDecimal(d.Weight),
    dolorLocation: d.dolorLocation ?? 'Non Renseigné',
    dolorIntensity: d.dolorIntensity ?? 'Non Renseigné',
    eradiation: text(d.eradiation),
    triggeringFactor: text(d.triggeringFactor),
    startEradiationDate: painStartDay(d.startEradiationDate),
    antalgesicTreatment: d.antalgesicTreatment ?? 'Non renseigné',
    treatmentName: text(d.treatmentName),
    treatmentEfficacy: d.treatmentEfficacy ?? 'Non renseigné',
    preventionType: (d.preventionType as ConsultationDraft['preventionType']) ?? 'primary',
    prevention1: text(d.prevention1),
    prevention2: text(d.prevention2),
    prevention3: text(d.prevention3),
    ...(Object.fromEntries(DIETETIC_FIELDS.map((f) => [f, text(d[f])])) as Record<DieteticField, string>),
  };
}

/**
 * Edit mode (SPEC §4 "called edit elsewhere"): opens the panel on an existing consultation. The
 * patient file calls this; `?consultation=<id>` in any URL does the same (see the launcher).
 */
export async function openConsultation(idConsultation: string): Promise<void> {
  consultationStore.set({ open: true, loading: true, loadError: null, owner: getSession().user?.id ?? null });
  try {
    const detail = await readConsultation(idConsultation);
    const draft = draftFromDetail(detail);
    consultationStore.set((s) => ({
      generation: nextGeneration(s),
      patient: null,
      mode: 'edit',
      loading: false,
      draft,
      files: [],
      editing: {
        baseline: editBaseline(draft, detail),
        idConsultation: detail.idConsultation,
        version: detail.version,
        idPatient: detail.idPatient,
        patientFullName: detail.patientFullName,
        consultationDate: detail.ConsultationDate,
        documents: detail.documents,
        authorId: detail.Iduser,
        signedAt: detail.signedAt,
        signedByName: detail.signedByName,
        lockedAt: detail.lockedAt,
        addenda: detail.addenda,
      },
    }));
  } catch (error) {
    consultationStore.set({ loading: false, loadError: error instanceof Error ? error.message : String(error) });
  }
}

/** Only a number the shared parser reads is sent; the panel blocks the save before anything else. */
function number(v: string): number | null {
  const parsed = parseDecimal(v);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}
const optional = (v: string) => (v.trim() === '' ? null : v.trim());

/** The SPEC §7 consultationCreate of a draft: dietetic fields only for specialists other than 1. */
export function toConsultationFields(draft: ConsultationDraft, idJobSpecialist: number | null, consultationDate: string): ConsultationFields {
  const fields: ConsultationFields = {
    ConsultationDate: consultationDate,
    ConsultationNote: draft.ConsultationNote,
    Diagnostic: draft.Diagnostic,
    HealthCareCategory: draft.HealthCareCategory,
    Size: number(draft.Size),
    Weight: number(draft.Weight),
    dolorLocation: draft.dolorLocation as ConsultationFields['dolorLocation'],
    dolorIntensity: draft.dolorIntensity as ConsultationFields['dolorIntensity'],
    eradiation: optional(draft.eradiation),
    triggeringFactor: optional(draft.triggeringFactor),
    // SPEC §5: sent as YYYY-MM-DD, today when invalid.
    startEradiationDate: painStartDay(draft.startEradiationDate),
    antalgesicTreatment: draft.antalgesicTreatment as ConsultationFields['antalgesicTreatment'],
    treatmentName: draft.treatmentName,
    treatmentEfficacy: draft.treatmentEfficacy as ConsultationFields['treatmentEfficacy'],
    preventionType: draft.preventionType,
    prevention1: optional(draft.prevention1),
    prevention2: optional(draft.prevention2),
    prevention3: optional(draft.prevention3),
  };
  if (hasDieteticFields(idJobSpecialist)) {
    fields.idJobSpeciality = idJobSpecialist;
    for (const f of DIETETIC_FIELDS) fields[f] = optional(draft[f]);
  }
  return fields;
}

// The draft is kept in the browser for its user (restored after a reload or a crashed tab), cleared
// at logout and after a save; kept through an expired token (the practitioner signs in again and
// saves), but never shown to another user: each user has their own storage entry.
let persistTimer: ReturnType<typeof setTimeout> | undefined;
function persist() {
  clearTimeout(persistTimer);
  const s = consultationStore.get();
  if (!s.owner) return;
  if (isConsultationEmpty(s.draft) && s.mode === 'new' && !s.patient) clearStoredDraft(s.owner);
  else writeStoredDraft(s.owner, { draft: s.draft, mode: s.mode, editing: s.editing, patient: s.patient });
}
consultationStore.subscribe(() => {
  clearTimeout(persistTimer);
  persistTimer = setTimeout(persist, 250);
});
/** Writes a pending change now (the page is going away). */
export function flushDraft() {
  persist();
}

/** Whether the form holds something not saved yet (the browser warns before leaving). */
export function hasUnsavedDraft(s: ConsultationPanelState = consultationStore.get()): boolean {
  return !isConsultationEmpty(s.draft) || s.files.length > 0;
}

function restoreFor(userId: string): Partial<ConsultationPanelState> {
  const stored = readStoredDraft(userId);
  if (!stored) return {};
  return { draft: { ...emptyDraft(), ...stored.draft }, mode: stored.mode, editing: stored.editing, patient: stored.patient };
}

// At logout the form starts over (draft-storage.ts removes the stored copy).
onSessionEnd((reason) => {
  if (reason !== 'logout') return;
  clearTimeout(persistTimer);
  consultationStore.set({ ...initial(), owner: null, generation: consultationStore.get().generation + 1 });
});
subscribeSession(() => {
  const { user } = getSession();
  const s = consultationStore.get();
  if (!user || user.id === s.owner) return;
  clearTimeout(persistTimer);
  if (s.owner === null && s.open) {
    // Opened before the page knew who is signed in: a fresh tab on a `?consultation=` link knows the
    // role from the token and the user a moment later. The panel is theirs: keep what it shows (or
    // is loading), and bring back their stored draft only into a blank panel.
    const blank = !s.loading && !s.editing && !s.patient && !hasUnsavedDraft(s);
    consultationStore.set(blank ? { owner: user.id, ...restoreFor(user.id) } : { owner: user.id });
    return;
  }
  // First sign-in of this page (a reload) or another user: that user's own draft, if any.
  consultationStore.set({ ...initial(), owner: user.id, ...restoreFor(user.id), generation: s.generation + 1 });
});
