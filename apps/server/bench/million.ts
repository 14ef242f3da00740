import os from 'node:os';
import { printResults, signInAs, type Result } from './table.ts';

// `npm run bench -- million` (issue 31): on the database of
// `LOAD_SCALE_ORGANISATIONS=1000 npm run seed:load` (1,000 practices of 1,000 patients, an external
// PostgreSQL through DATABASE_URL), a practitioner of one practice in the middle: the first page of
// the patient list, a page reached by cursor, and a patient file (its consultations' timeline, a
// journalled read), with one client then 8 clients in flight. The load average is printed beside
// the figures: on a shared machine they mean nothing without it.

type Measure = (name: string, url: string, headers: Record<string, string>, options?: { concurrency?: number }) => Promise<Result>;

export async function runMillion({ base, password, measure }: { base: string; password: string; measure: Measure }): Promise<void> {
  const practice = process.env.BENCH_SCALE_ACCOUNT ?? 'echelle-0500';
  const auth = await signInAs(base, practice, password);
  const page = async (url: string) => {
    const res = await fetch(base + url, { headers: auth });
    if (!res.ok) throw new Error(`${url} : HTTP ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { idPatient: string }[]; nextCursor?: string | null };
  };
  const first = await page('/api/patients?pageSize=25');
  let cursor: string | null | undefined = null;
  // About the middle of the practice's list, walked by cursor as the web app does.
  for (let i = 0; i < 5; i++) cursor = (await page(`/api/patients?pageSize=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).nextCursor;
  if (!cursor) throw new Error(`pas de page suivante (${first.data.length} patients en première page) : le chargement à l’échelle est-il fait ?`);
  const someone = first.data[10].idPatient;
  const load = () => os.loadavg().map((v) => v.toFixed(1)).join(' / ');
  for (const concurrency of [1, 8]) {
    console.log(`\n[bench] ${practice}, ${concurrency} client(s) ; charge moyenne (1 / 5 / 15 min) avant : ${load()}`);
    const results: Result[] = [];
    results.push(await measure('GET /api/health (référence)', '/api/health', {}, { concurrency }));
    results.push(await measure('liste : première page', '/api/patients?pageSize=25', auth, { concurrency }));
    results.push(await measure('liste : page par curseur', `/api/patients?pageSize=25&cursor=${encodeURIComponent(cursor)}`, auth, { concurrency }));
    results.push(await measure('dossier patient', `/api/patients/${someone}`, auth, { concurrency }));
    printResults(results);
    console.log(`[bench] charge moyenne après : ${load()}`);
  }
}
