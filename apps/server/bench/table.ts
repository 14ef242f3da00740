// What the per-area bench scenarios share: the measured figures, a demo sign-in and the printed
// table (each row's p95 also as a multiple of /api/health's, the first row).

export interface Result {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  /** CPU milliseconds per request of the app server and of PostgreSQL (NaN: an external database). */
  cpuNode?: number;
  cpuPg?: number;
  /** CPU milliseconds per request of the bench's own process (fetch, decompressing the answer): it shares the cores. */
  cpuClient?: number;
}

export interface AreaBench {
  base: string;
  password: string;
  measure: (name: string, url: string, headers: Record<string, string>) => Promise<Result>;
}

/** Signs a demo account in and answers its Authorization header. */
export async function signInAs(base: string, username: string, password: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'login', Username: username, Password: password }) });
  if (!login.ok) throw new Error(`connexion de ${username} impossible : ${login.status}`);
  return { authorization: `Bearer ${((await login.json()) as { data: { access_token: string } }).data.access_token}` };
}

/** The id of a sport catalog entry by its stable code (the exercise benches filter on them). */
export async function catalogIdOf(base: string, auth: Record<string, string>, name: string, code: string): Promise<number> {
  const rows = (await (await fetch(`${base}/api/sport-catalogs/${name}`, { headers: auth })).json()) as { data: { id: number; code: string }[] };
  const row = rows.data.find((r) => r.code === code);
  if (!row) throw new Error(`catalogue ${name} : code ${code} introuvable`);
  return row.id;
}

export function printResults(results: Result[]): void {
  const ref = results[0].p95;
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (v: number, n = 9, digits = 1) => (Number.isNaN(v) ? 'n/a' : v.toFixed(digits)).padStart(n);
  const cpu = results.some((r) => r.cpuNode !== undefined);
  console.log('\n' + pad('scénario', 42) + '   p50 ms    p95 ms    p99 ms     req/s  p95/health' + (cpu ? '  CPU Node ms  CPU PG ms  CPU client ms' : ''));
  for (const r of results) {
    const cpuColumns = cpu ? num(r.cpuNode ?? Number.NaN, 13, 2) + num(r.cpuPg ?? Number.NaN, 11, 2) + num(r.cpuClient ?? Number.NaN, 15, 2) : '';
    console.log(pad(r.name, 42) + num(r.p50) + num(r.p95) + num(r.p99) + num(r.rps, 10) + num(r.p95 / ref, 11) + '×' + cpuColumns);
  }
}
