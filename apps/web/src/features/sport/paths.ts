/** Today's calendar day on this device (YYYY-MM-DD). */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The patient file's 'Programme sportif' tab (SPEC §2 /patient/{patientHandle}/{idPatient}). */
export function sportFilePath(idPatient: string): string {
  return `/patient/sport/${encodeURIComponent(idPatient)}`;
}
