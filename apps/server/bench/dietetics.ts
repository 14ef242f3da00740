// `npm run bench -- dietetics`: the dietetics area on the demo database (no loaded patients
// needed): ranked food search over the 3,323 Ciqual foods (a word, a typo, two words) and a week
// of menus with totals and targets for one patient, each with its ratio to /api/health.
// Budget: food search p95 ≤ 20 ms.

import { printResults, signInAs, type AreaBench, type Result } from './table.ts';

export async function runDietetics({ base, password, measure }: AreaBench): Promise<void> {
  const auth = await signInAs(base, 'di', password);
  const patients = (await (await fetch(`${base}/api/patients?q=lucas%20bernard&pageSize=5`, { headers: auth })).json()) as { data: { idPatient: string }[] };
  const lucas = patients.data[0]?.idPatient;
  if (!lucas) throw new Error('patient de démonstration Lucas Bernard introuvable');

  const results: Result[] = [];
  results.push(await measure('GET /api/health (référence)', '/api/health', {}));
  results.push(await measure('aliments : « pomme »', '/api/dietetics/foods?q=pomme', auth));
  results.push(await measure('aliments : faute « pome crue »', `/api/dietetics/foods?q=${encodeURIComponent('pome crue')}`, auth));
  results.push(await measure('aliments : « épinard cuit »', `/api/dietetics/foods?q=${encodeURIComponent('épinard cuit')}`, auth));
  results.push(await measure('semaine de menus avec totaux', `/api/dietetics/patients/${lucas}/menus`, auth));

  printResults(results);
  const searchP95 = Math.max(...results.filter((r) => r.name.startsWith('aliments')).map((r) => r.p95));
  console.log(`\n[bench] recherche d’aliments : p95 max ${searchP95.toFixed(1)} ms (budget 20 ms) ${searchP95 <= 20 ? 'respecté' : 'DÉPASSÉ'}`);
}
