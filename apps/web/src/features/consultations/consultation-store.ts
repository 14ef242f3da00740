import { DIETETIC_FIELDS, applyAnalgesicRule, hasDieteticFields, painStartDay, toDay, type DieteticField } from '@wellbe/shared/domain/consultation';
import type { ConsultationDetail, ConsultationDocument, ConsultationFields } from '@wellbe/shared/schemas/consultations';
import { createStore } from '../../lib/store.ts';
import { getSession, onSessionEnd, subscribeSession } from '../../lib/session.ts';
import { readConsultation } from './api/read-consultation.ts';

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
}

/** A document the server did not take: named with the reason, and retried on demand (issue 5). */
export interface FailedUpload {
  file: File;
  reason: string;
  idConsultation: string;
  idPatient: string;
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
});

export const consultationStore = createStore<ConsultationPanelState>(initial());
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
  consultationStore.set((s) => ({ draft: { ...emptyDraft(), idConsultation: s.draft.idConsultation }, files: [] }));
}

/** After a save, and 'Nouvelle Consultation': a fresh form with a new consultation id (SPEC §4). */
export function startNewConsultation() {
  consultationStore.set({ mode: 'new', editing: null, draft: emptyDraft(), files: [], loadError: null });
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
    Size: d.Size === null ? '' : String(d.Size),
    Weight: d.Weight === null ? '' : String(d.Weight),
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
    consultationStore.set({
      mode: 'edit',
      loading: false,
      draft: draftFromDetail(detail),
      files: [],
      editing: {
        idConsultation: detail.idConsultation,
        version: detail.version,
        idPatient: detail.idPatient,
        patientFullName: detail.patientFullName,
        consultationDate: detail.ConsultationDate,
        documents: detail.documents,
      },
    });
  } catch (error) {
    consultationStore.set({ loading: false, loadError: error instanceof Error ? error.message : String(error) });
  }
}

const number = (v: string) => (v.trim() === '' ? null : Number(v.replace(',', '.')));
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

// Cleared at logout; kept through an expired token (the practitioner signs in again and saves),
// but never shown to another user.
onSessionEnd((reason) => {
  if (reason === 'logout') consultationStore.set(initial());
});
subscribeSession(() => {
  const { user } = getSession();
  const { owner } = consultationStore.get();
  if (user && owner && user.id !== owner) consultationStore.set({ ...initial(), owner: user.id });
});
