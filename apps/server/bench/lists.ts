import { MAX_PAGE_OFFSET } from '../src/lib/keyset.ts';
import { printResults, signInAs, type AreaBench, type Result } from './table.ts';

// `npm run bench -- lists` (issue 13): the lists whose size grows with the practice, on the loaded
// organisation plus LOAD_USERS accounts, LOAD_ORGANISATIONS organisations and LOAD_JOURNAL journal
// rows (seed/load-lists.ts): first page, a late page by number, the same late position by cursor
// (when the server answers nextCursor), a search; and a patient file read, whose journal row is on
// the answer's path (lib/audit.ts). Budget: every list p95 ≤ 20 ms.

export async function runLists({ base, password, measure }: AreaBench): Promise<void> {
  const pa = await signInAs(base, 'pa', password);
  const sa = await signInAs(base, 'sa', password);
  const late = async (url: string, auth: Record<string, string>) => {
    const page = (await (await fetch(base + url, { headers: auth })).json()) as { total: number; totalCapped?: boolean; nextCursor?: string | null };
    return page;
  };
  const results: Result[] = [];
  results.push(await measure('GET /api/health (référence)', '/api/health', {}));

  const scenarios: [string, string, Record<string, string>, number][] = [
    ['utilisateurs', '/api/users', pa, 600],
    ['organisations', '/api/organisations', sa, 150],
    ['journal (PA)', '/api/admin/journal', pa, 4000],
    ['journal (SA, tout)', '/api/admin/journal', sa, 12000],
  ];
  for (const [name, path, auth, wanted] of scenarios) {
    // A page number picks at most the 10,000th row (lib/keyset.ts): deeper ones answer 400.
    const latePage = Math.min(wanted, Math.floor(MAX_PAGE_OFFSET / 25));
    const first = await late(`${path}?pageSize=25`, auth);
    console.log(`[bench] ${name} : total ${first.total}${first.totalCapped ? '+' : ''}`);
    results.push(await measure(`${name} : première page`, `${path}?pageSize=25`, auth));
    results.push(await measure(`${name} : page ${latePage}`, `${path}?pageSize=25&page=${latePage}`, auth));
    const cursor = (await late(`${path}?pageSize=25&page=${latePage - 1}`, auth)).nextCursor;
    if (cursor) results.push(await measure(`${name} : page ${latePage} par curseur`, `${path}?pageSize=25&cursor=${encodeURIComponent(cursor)}`, auth));
  }
  results.push(await measure('utilisateurs : recherche « nom42 »', '/api/users?pageSize=25&q=nom42', pa));
  const pr = await signInAs(base, 'pr', password);
  const someone = ((await (await fetch(`${base}/api/patients?pageSize=1`, { headers: pr })).json()) as { data: { idPatient: string }[] }).data[0].idPatient;
  results.push(await measure('dossier patient (lecture journalisée)', `/api/patients/${someone}`, pr));
  printResults(results);
  const listP95 = Math.max(...results.filter((r) => !r.name.startsWith('GET') && !r.name.startsWith('dossier')).map((r) => r.p95));
  console.log(`\n[bench] listes : p95 max ${listP95.toFixed(1)} ms (budget 20 ms) ${listP95 <= 20 ? 'respecté' : 'DÉPASSÉ'}`);
}
