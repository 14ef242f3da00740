// `npm run bench -- statistics`: /statistics on the loaded organisation (10,000 patients, 50,000
// consultations over a year, a notice on one in four): each period, the year's CSV export, and
// /api/health of the same run as the reference. Budget: every request for a year p95 ≤ 100 ms.

interface Result {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export interface StatisticsBench {
  base: string;
  password: string;
  measure: (name: string, url: string, headers: Record<string, string>) => Promise<Result>;
}

export async function runStatistics({ base, password, measure }: StatisticsBench): Promise<void> {
  const login = await fetch(`${base}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'login', Username: 'pa', Password: password }) });
  if (!login.ok) throw new Error(`connexion de pa impossible : ${login.status}`);
  const auth = { authorization: `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}` };
  const year = (await (await fetch(`${base}/api/statistics?period=year`, { headers: auth })).json()) as { data: { activity: { consultations: { value: unknown } } } };
  console.log(`[bench] statistiques : ${String(year.data.activity.consultations.value)} consultations cette année`);
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);

  const results: Result[] = [];
  results.push(await measure('GET /api/health (référence)', '/api/health', {}));
  results.push(await measure('statistiques : semaine', '/api/statistics?period=week', auth));
  results.push(await measure('statistiques : mois', '/api/statistics?period=month', auth));
  results.push(await measure('statistiques : trimestre', '/api/statistics?period=quarter', auth));
  results.push(await measure('statistiques : année', '/api/statistics?period=year', auth));
  results.push(await measure('statistiques : 365 jours (année)', `/api/statistics?period=custom&from=${yearAgo}&to=${today}`, auth));
  results.push(await measure('statistiques : export CSV année', '/api/statistics/export?period=year&table=consultations', auth));

  const ref = results[0].p95;
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number, n = 9) => v.toFixed(1).padStart(n);
  console.log('\n' + pad('scénario', 42) + '   p50 ms    p95 ms    p99 ms     req/s  p95/health');
  for (const r of results) console.log(pad(r.name, 42) + num(r.p50) + num(r.p95) + num(r.p99) + num(r.rps, 10) + num(r.p95 / ref, 11) + '×');
  const yearP95 = Math.max(...results.filter((r) => r.name.includes('année')).map((r) => r.p95));
  console.log(`\n[bench] statistiques sur une année : p95 max ${yearP95.toFixed(1)} ms (budget 100 ms) ${yearP95 <= 100 ? 'respecté' : 'DÉPASSÉ'}`);
}
