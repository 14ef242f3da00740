// The sorts of the patient list, apart from its schemas (schemas/patient-files.ts): this module has
// no zod, the list page imports it (issue 13).
export const PATIENT_SORTS = ['name', 'lastConsultation', 'consultations', 'birthDate'] as const;
export type PatientSort = (typeof PATIENT_SORTS)[number];
