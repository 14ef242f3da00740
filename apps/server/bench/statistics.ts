// `npm run bench -- statistics`: /statistics and the dashboards on the loaded organisation (10,000
// patients, 50,000 consultations over a year, a notice on one in four, 50,000 appointments), with
// /api/health of the same run as the reference, in one table. Budgets (issue 21): every statistics
// request for a year p95 ≤ 100 ms; the practitioner dashboard p95 ≤ 50 ms — GET /api/dashboard
// signed in as a practitioner of the loaded organisation, and each request its cards make.

import { printResults, signInAs, type AreaBench, type Result } from './table.ts';

export async function runStatistics({ base, password, measure }: AreaBench): Promise<void> {
  const pa = await signInAs(base, 'pa', password);
  const pr = await signInAs(base, 'pr', password);
  const ad = await signInAs(base, 'ad', password);
  const year = (await (await fetch(`${base}/api/statistics?period=year`, { headers: pa })).json()) as { data: { activity: { consultations: { value: unknown } } } };
  const day = (await (await fetch(`${base}/api/dashboard`, { headers: pr })).json()) as { data: { practitioner: { today: unknown[]; followUp: unknown[] } } };
  console.log(
    `[bench] statistiques : ${String(year.data.activity.consultations.value)} consultations cette année ; ` +
      `tableau de bord de pr : ${day.data.practitioner.today.length} rendez-vous aujourd’hui, ${day.data.practitioner.followUp.length} patients à suivre`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

  const results: Result[] = [];
  results.push(await measure('GET /api/health (référence)', '/api/health', {}));
  results.push(await measure('statistiques : semaine', '/api/statistics?period=week', pa));
  results.push(await measure('statistiques : mois', '/api/statistics?period=month', pa));
  results.push(await measure('statistiques : trimestre', '/api/statistics?period=quarter', pa));
  results.push(await measure('statistiques : année', '/api/statistics?period=year', pa));
  results.push(await measure('statistiques : 365 jours (année)', `/api/statistics?period=custom&from=${yearAgo}&to=${today}`, pa));
  results.push(await measure('statistiques : export CSV année', '/api/statistics/export?period=year&table=consultations', pa));
  // The practitioner's /dashboard (pr, PR): its section, then what its other cards ask for.
  results.push(await measure('tableau de bord praticien (pr)', '/api/dashboard', pr));
  results.push(await measure('  carte messages non lus (pr)', '/api/chat/unread', pr));
  results.push(await measure('  carte dernières consultations (pr)', '/api/patients?sort=lastConsultation&order=desc&page=1&pageSize=5', pr));
  results.push(await measure('  carte activité du mois (pr)', '/api/statistics?period=month', pr));
  results.push(await measure('  carte à lire (pr)', '/api/articles/feed', pr));
  // PA reads both the practitioner and the administration sections; AD the administration one.
  results.push(await measure('tableau de bord praticien + admin. (pa)', '/api/dashboard', pa));
  results.push(await measure('tableau de bord administration (ad)', '/api/dashboard', ad));

  printResults(results);
  const yearP95 = Math.max(...results.filter((r) => r.name.startsWith('statistiques') && r.name.includes('année')).map((r) => r.p95));
  const dashboardP95 = Math.max(...results.filter((r) => r.name.startsWith('tableau de bord praticien') || r.name.startsWith('  carte')).map((r) => r.p95));
  const verdict = (v: number, budget: number) => `${v.toFixed(1)} ms (budget ${budget} ms) ${v <= budget ? 'respecté' : 'DÉPASSÉ'}`;
  console.log(`\n[bench] statistiques sur une année : p95 max ${verdict(yearP95, 100)}`);
  console.log(`[bench] tableau de bord praticien (et ses cartes) : p95 max ${verdict(dashboardP95, 50)}`);
}
