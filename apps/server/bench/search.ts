// `npm run bench -- search`: the two searches with a 20 ms p95 budget (issue 18: the foods,
// issue 19: the exercise library), through the real HTTP endpoints of the running server on the
// demo database, signed in as the demo dietitian — sign-in, permission check, validation, query,
// JSON — over a spread of what people type: exact words, accents left out, typos, one letter,
// three words, nothing found (and the exercise filters). Each row: p50/p95/p99 and the ratio of
// its p95 to /api/health's on the same server; before the timings, what each query answers (how
// many results, the first one, the JSON's size), so a fast answer is also seen to be the right one.

import os from 'node:os';
import { catalogIdOf, printResults, signInAs, type AreaBench, type Result } from './table.ts';

/** What kind of query a scenario is: the summary gives each family's p95 per area. */
type Family = 'mots exacts' | 'sans accents' | 'faute de frappe' | 'une lettre' | '3 mots' | 'aucun résultat' | 'filtres';
const FAMILIES: Family[] = ['mots exacts', 'sans accents', 'faute de frappe', 'une lettre', '3 mots', 'aucun résultat', 'filtres'];

interface Scenario {
  name: string;
  url: string;
  family: Family;
}

/** What one call answers: the number of results, the first one's name and the body's size. */
async function peek(base: string, url: string, auth: Record<string, string>): Promise<{ count: number; first: string; bytes: number }> {
  const res = await fetch(base + url, { headers: auth });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} : HTTP ${res.status} ${text}`);
  const data = (JSON.parse(text) as { data: { nameFr?: string | null; nameEn?: string; items?: { nameFr: string | null; nameEn: string }[] } | { nameFr: string }[] }).data;
  const rows = Array.isArray(data) ? data : (data.items ?? []);
  const first = rows[0] as { nameFr?: string | null; nameEn?: string } | undefined;
  return { count: rows.length, first: first ? (first.nameFr ?? first.nameEn ?? '') : '—', bytes: Buffer.byteLength(text) };
}

export async function runSearch({ base, password, measure }: AreaBench): Promise<void> {
  // `di` (Cabinet Démo's dietitian) holds the dietetics group that both routes require.
  const auth = await signInAs(base, 'di', password);
  const glutes = await catalogIdOf(base, auth, 'bodyparts', 'glutes');
  const beginner = await catalogIdOf(base, auth, 'levels', 'beginner');

  const food = (family: Family, label: string, q: string): Scenario => ({ name: `aliments : ${label}`, family, url: `/api/dietetics/foods?q=${encodeURIComponent(q)}` });
  const exercise = (family: Family, label: string, q: string, filters = ''): Scenario => ({ name: `exercices : ${label}`, family, url: `/api/exercises?q=${encodeURIComponent(q)}&limit=30${filters}` });
  const scenarios: Scenario[] = [
    food('mots exacts', '« pomme »', 'pomme'),
    food('mots exacts', '« épinard cuit »', 'épinard cuit'),
    food('sans accents', 'sans accents « creme fraiche »', 'creme fraiche'),
    food('faute de frappe', 'faute « pome crue »', 'pome crue'),
    food('faute de frappe', 'faute « yaourt natur »', 'yaourt natur'),
    food('une lettre', 'une lettre « p »', 'p'),
    food('3 mots', '3 mots « lait demi écrémé »', 'lait demi écrémé'),
    food('aucun résultat', 'aucun résultat « xylophone »', 'xylophone'),
    exercise('mots exacts', '« squat »', 'squat'),
    exercise('mots exacts', '« étirement »', 'étirement'),
    exercise('sans accents', 'sans accents « etirement »', 'etirement'),
    exercise('faute de frappe', 'faute « sqaut »', 'sqaut'),
    exercise('une lettre', 'une lettre « a »', 'a'),
    exercise('3 mots', '3 mots « squat avec halteres »', 'squat avec halteres'),
    exercise('filtres', '« pont » + fessiers, débutant', 'pont', `&bodyPart=${glutes}&level=${beginner}`),
    exercise('aucun résultat', 'aucun résultat « xylophone »', 'xylophone'),
  ];

  console.log('\n' + 'scénario'.padEnd(42) + ' résultats   octets  premier résultat');
  for (const s of scenarios) {
    const p = await peek(base, s.url, auth);
    console.log(s.name.padEnd(42) + String(p.count).padStart(10) + String(p.bytes).padStart(9) + '  ' + p.first.slice(0, 60));
  }

  // On a shared machine the absolute figures follow its load: printed beside them (the ratio to
  // /api/health, measured in the same conditions, is the steadier reading).
  const load = () => `charge de la machine ${os.loadavg()[0].toFixed(1)} (1 min) sur ${os.cpus().length} cœurs`;
  console.log(`\n[bench] avant les mesures : ${load()}`);
  const results: Result[] = [await measure('GET /api/health (référence)', '/api/health', {})];
  for (const s of scenarios) results.push(await measure(s.name, s.url, auth));
  printResults(results);
  console.log(`[bench] après les mesures : ${load()}`);
  // Per family of query (the worst p95 of its scenarios), for each area, with its ratio to /api/health.
  const health = results[0]!.p95;
  const cell = (area: string, family: Family) => {
    const rows = scenarios.map((s, i) => ({ s, r: results[i + 1]! })).filter(({ s }) => s.family === family && s.name.startsWith(area));
    if (!rows.length) return '—'.padStart(20);
    const p95 = Math.max(...rows.map(({ r }) => r.p95));
    return `${p95.toFixed(1).padStart(7)} ms ${(p95 / health).toFixed(1).padStart(6)}×`.padStart(20);
  };
  console.log('\n' + 'famille (p95, ×/api/health)'.padEnd(30) + 'aliments'.padStart(20) + 'exercices'.padStart(20));
  for (const family of FAMILIES) console.log(family.padEnd(30) + cell('aliments', family) + cell('exercices', family));
  console.log('/api/health'.padEnd(30) + `${health.toFixed(1).padStart(7)} ms`.padStart(20));
  for (const area of ['aliments', 'exercices'] as const) {
    const worst = Math.max(...results.filter((r) => r.name.startsWith(area)).map((r) => r.p95));
    console.log(`[bench] recherche d’${area} : p95 max ${worst.toFixed(1)} ms (${(worst / health).toFixed(1)}× /api/health, budget 20 ms) ${worst <= 20 ? 'respecté' : 'DÉPASSÉ'}`);
  }
}
