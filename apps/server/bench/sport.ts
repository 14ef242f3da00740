// `npm run bench -- sport`: the exercise library on the demo database (873 exercises): a French
// word, a word with body part and level filters, an English name, each with its ratio to
// /api/health. Budget: exercise search p95 ≤ 20 ms.
import { catalogIdOf, printResults, signInAs, type AreaBench, type Result } from './table.ts';

export async function runSport({ base, password, measure }: AreaBench): Promise<void> {
  const auth = await signInAs(base, 'pr', password);
  const glutes = await catalogIdOf(base, auth, 'bodyparts', 'glutes');
  const beginner = await catalogIdOf(base, auth, 'levels', 'beginner');

  const results: Result[] = [];
  results.push(await measure('GET /api/health (référence)', '/api/health', {}));
  results.push(await measure('exercices : « étirement »', `/api/exercises?q=${encodeURIComponent('étirement')}&limit=30`, auth));
  results.push(await measure('exercices : filtres fessiers, débutant', `/api/exercises?q=etirement&bodyPart=${glutes}&level=${beginner}&limit=30`, auth));
  results.push(await measure('exercices : « squat »', '/api/exercises?q=squat&limit=30', auth));
  printResults(results);
  const searchP95 = Math.max(...results.slice(1).map((r) => r.p95));
  console.log(`\n[bench] recherche d’exercices : p95 max ${searchP95.toFixed(1)} ms (budget 20 ms) ${searchP95 <= 20 ? 'respecté' : 'DÉPASSÉ'}`);
}
