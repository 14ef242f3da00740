// The API paths of a patient's file, shared by its queries (patient-file.ts) and the early requests
// of its page's first load (app/pages.ts `early`): the same string, or the answer sent early would
// not be taken.
export const patientFilePath = (idPatient: string) => `/patients/${encodeURIComponent(idPatient)}`;
export const patientMeasuresPath = (idPatient: string) => `/patients/${encodeURIComponent(idPatient)}/measures`;
