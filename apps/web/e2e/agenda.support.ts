// What the agenda's journeys share (agenda.spec.ts, agenda-locale.spec.ts, agenda-period.spec.ts).

/** The Monday `weeks` weeks from now (YYYY-MM-DD), clear of the demo week. */
export function mondayIn(weeks: number): string {
  const d = new Date(Date.now() + weeks * 7 * 86_400_000);
  const w = d.getUTCDay();
  d.setUTCDate(d.getUTCDate() + (w === 1 ? 0 : (8 - w) % 7));
  return d.toISOString().slice(0, 10);
}
