// `npm run bench -- dietetics`: the dietetics area on the demo database (no loaded patients
// needed): ranked food search over the 3,323 Ciqual foods (a word, a typo, two words) and a week
// of menus with totals and targets for one patient, each with its ratio to /api/health.
// Budget: food search p95 ≤ 20 ms.

interface Result {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export interface DieteticsBench {
  base: string;
  password: string;
  measure: (name: string, url: string, headers: Record<string, string>) => Promise<Result>;
}

export async function runDietetics({ base, password, measure }: DieteticsBench): Promise<void> {
  const login = await fetch(`${base}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'login', Username: 'di', Password: password }) });
  if (!login.ok) throw new Error(`connexion de di impossible : ${login.status}`);
  const auth = { authorization: `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}` };
  const patients = (await (await fetch(`${base}/api/patients?q=lucas%20bernard&pageSize=5`, { headers: auth })).json()) as { data: { idPatient: string }[] };
  const lucas = patients.data[0]?.idPatient;
  if (!lucas) throw new Error('patient de démonstration Lucas Bernard introuvable');

  const results: Result[] = [];
  results.push(await measure('GET /api/health (référence)', '/api/health', {}));
  results.push(await measure('aliments : « pomme »', '/api/dietetics/foods?q=pomme', auth));
  results.push(await measure('aliments : faute « pome crue »', `/api/dietetics/foods?q=${encodeURIComponent('pome crue')}`, auth));
  results.push(await measure('aliments : « épinard cuit »', `/api/dietetics/foods?q=${encodeURIComponent('épinard cuit')}`, auth));
  results.push(await measure('semaine de menus avec totaux', `/api/dietetics/patients/${lucas}/menus`, auth));

  const ref = results[0].p95;
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number, n = 9) => v.toFixed(1).padStart(n);
  console.log('\n' + pad('scénario', 42) + '   p50 ms    p95 ms    p99 ms     req/s  p95/health');
  for (const r of results) console.log(pad(r.name, 42) + num(r.p50) + num(r.p95) + num(r.p99) + num(r.rps, 10) + num(r.p95 / ref, 11) + '×');
  const searchP95 = Math.max(...results.filter((r) => r.name.startsWith('aliments')).map((r) => r.p95));
  console.log(`\n[bench] recherche d’aliments : p95 max ${searchP95.toFixed(1)} ms (budget 20 ms) ${searchP95 <= 20 ? 'respecté' : 'DÉPASSÉ'}`);
}
