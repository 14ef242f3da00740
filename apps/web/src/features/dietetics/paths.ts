/** Today's calendar day on this device (YYYY-MM-DD). */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** /dietetiques/menu/{detailDate}, with the chosen patient in the query (reloadable). */
export function menuPath(day: string, patient: { idPatient: string; FullName: string } | null): string {
  const query = patient ? `?${new URLSearchParams({ patient: patient.idPatient, name: patient.FullName }).toString()}` : '';
  return `/dietetiques/menu/${day}${query}`;
}
