// `npm run bench -- agenda`: the /agenda week view (GET /api/agenda/appointments for 7 days) on an
// organisation holding 50,000 appointments (seed:load with LOAD_APPOINTMENTS), for one
// practitioner (pr) and for 10 practitioners side by side (ad, agenda management), each with its
// ratio to /api/health of the same run. Budget (issue 15): week view p95 ≤ 30 ms.
import { printResults, signInAs, type AreaBench, type Result } from './table.ts';

export async function runAgenda({ base, password, measure }: AreaBench): Promise<void> {
  const pr = await signInAs(base, 'pr', password);
  const ad = await signInAs(base, 'ad', password);
  const list = (await (await fetch(`${base}/api/agenda/practitioners`, { headers: ad })).json()) as { data: { id: string; username: string }[] };
  const ten = list.data.slice(0, 10).map((p) => p.id);
  const self = list.data.find((p) => p.username === 'pr')!.id;
  // This week, Monday 00:00 to the next Monday (UTC: close enough to the organisation's week).
  const monday = new Date();
  monday.setUTCHours(0, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  const from = monday.toISOString();
  const to = new Date(monday.getTime() + 7 * 86_400_000).toISOString();
  const week = (ids: string[]) => `/api/agenda/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&practitioners=${ids.join(',')}`;
  const count = async (ids: string[], auth: Record<string, string>) => ((await (await fetch(base + week(ids), { headers: auth })).json()) as { data: { appointments: unknown[] } }).data.appointments.length;
  console.log(`[bench] agenda : ${list.data.length} praticiens ; semaine du ${from.slice(0, 10)} : ${await count([self], pr)} rendez-vous pour pr, ${await count(ten, ad)} pour ${ten.length} praticiens`);

  const results: Result[] = [];
  results.push(await measure('GET /api/health (référence)', '/api/health', {}));
  results.push(await measure('agenda : semaine, 1 praticien', week([self]), pr));
  results.push(await measure(`agenda : semaine, ${ten.length} praticiens`, week(ten), ad));
  results.push(await measure('agenda : jour, 1 praticien', `/api/agenda/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(new Date(monday.getTime() + 86_400_000).toISOString())}&practitioners=${self}`, pr));
  printResults(results);
  const weekP95 = Math.max(...results.filter((r) => r.name.includes('semaine')).map((r) => r.p95));
  console.log(`\n[bench] agenda, vue semaine : p95 max ${weekP95.toFixed(1)} ms (budget 30 ms) ${weekP95 <= 30 ? 'respecté' : 'DÉPASSÉ'}`);
}
