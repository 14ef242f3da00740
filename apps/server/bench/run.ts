import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { MAX_PAGE_OFFSET } from '../src/lib/keyset.ts';
import { fetchClient, leanClient } from './client.ts';
import { cpuSeconds, postgresPid, postgresPidFile } from './cpu.ts';
import { runScale } from './scale.ts';
import { printResults, type Result } from './table.ts';

// `npm run bench` (DESIGN §7): loads 10,000 patients into a database of its own
// (`npm run seed:load`, skipped when already there), starts the real server on it, and measures
// p50/p95 latency and throughput of the patient list (first page, a search, a late page, a sort),
// of one patient file, and of the bare /api/health of the same server as the reference: latency
// and CPU per request (Node and PostgreSQL) with one client, then the list / health throughput
// ratio with BENCH_CONCURRENCY connections. It prints figures; it is not a test. Budgets (issue
// 13): list p95 ≤ 20 ms, CPU ≤ 1 ms per list request, ratio ≥ 0.25. LOAD_PATIENTS=100000 for the
// 100k scenario (its own BENCH_DATA_DIR: the loaded size is kept).
//   BENCH_DATA_DIR (default .tmp/bench-data), BENCH_PORT (3369), BENCH_REQUESTS (400),
//   BENCH_CONCURRENCY (4), BENCH_WARM_ROUNDS (200), BENCH_ACCEPT_ENCODING (below), BENCH_CLIENT
//   (node:http, or fetch as before; client.ts), or DATABASE_URL to run on an external PostgreSQL.
// Then the forgot-password timing (`npm run bench -- forgot` runs only that one) and the
// several-servers scenario (scale.ts; `npm run bench -- scale` runs only that one), and the
// dietetics scenarios (dietetics.ts; `npm run bench -- dietetics`), and /statistics
// (statistics.ts; `npm run bench -- statistics`), and the agenda's week view on 50,000
// appointments (agenda.ts; `npm run bench -- agenda`), the users, organisations and journal
// lists at a practice's size (lists.ts; `npm run bench -- lists`), the food and exercise
// searches over a spread of queries (search.ts; `npm run bench -- search`), and the real-time
// chat: 1,000 sockets and 100 messages/s on one then two servers (chat.ts; `npm run bench -- chat`).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? '.tmp/bench-data');
const port = Number(process.env.BENCH_PORT ?? 3369);
const requests = Number(process.env.BENCH_REQUESTS ?? 400);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
// Rounds over every list scenario before the first is measured (single()).
const warmRounds = Number(process.env.BENCH_WARM_ROUNDS ?? 200);
const base = `http://127.0.0.1:${port}`;
// What the measured calls ask for: Node's fetch sends `gzip, deflate` over http, as a browser does
// over plain http (a practice's network); a browser over https also offers brotli and zstd:
// BENCH_ACCEPT_ENCODING='gzip, deflate, br, zstd' measures that case (the server then answers br).
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING;
// The measured calls go through node:http (client.ts): fetch's own CPU on the shared cores was up to
// as much as the server's for a large answer. The same encodings asked, the whole body read and
// decompressed. BENCH_CLIENT=fetch measures through fetch as before (figures comparable with the old ones).
const caller = process.env.BENCH_CLIENT === 'fetch' ? fetchClient(acceptEncoding) : leanClient(acceptEncoding);
// TRUST_PROXY: the forgot-password scenario sends each pair from its own address (X-Forwarded-For),
// so the per-IP limit measures nothing but the answer time.
const env = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', TRUST_PROXY: '127.0.0.1' };

function load(extra: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/db/seed/load.ts')], { cwd: root, env: { ...env, ...extra }, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('seed:load a échoué');
}

/** `harness`: what one scenario adds to the server (the export's forced GC: Node flags, preloads, env). */
async function startServer(harness: { flags?: string[]; preload?: string[]; env?: Record<string, string> } = {}): Promise<ChildProcess> {
  // Another server already on the port would answer the checks below and be measured instead of
  // this one (which then stops on EADDRINUSE): refuse, naming the way out.
  if (await fetch(`${base}/api/health`).then(() => true, () => false)) throw new Error(`le port ${port} est déjà pris par un autre serveur : choisissez-en un autre (BENCH_PORT)`);
  const preloads = (harness.preload ?? []).flatMap((file) => ['--import', file]);
  const args = [...(harness.flags ?? []), '--import', 'tsx', ...preloads, path.join(root, 'apps/server/src/main.ts')];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...harness.env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode != null) throw new Error(`le serveur s’est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('le serveur ne répond pas');
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode != null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** The processes whose CPU time each measured call costs (set once the server runs; null: not read). */
let cpuOf: { node: number; pg: number | null } | null = null;

/**
 * `requests` calls with `concurrency` (or `options.concurrency`) in flight, after a warm-up;
 * latency per call, throughput overall and, when `cpuOf` is set, the CPU milliseconds the server
 * and PostgreSQL spent per call.
 */
async function measure(name: string, url: string, headers: Record<string, string>, options: { concurrency?: number } = {}): Promise<Result> {
  const inFlight = options.concurrency ?? concurrency;
  const call = async () => {
    await caller.get(base + url, headers).catch((err: unknown) => {
      throw new Error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    });
  };
  // Warm-up: JIT, connection pool and PostgreSQL's plan caches settle before measuring.
  for (let i = 0; i < 60; i++) await call();
  const latencies: number[] = [];
  let next = 0;
  const cpu = () => (cpuOf ? { node: cpuSeconds(cpuOf.node), pg: cpuOf.pg ? cpuSeconds(cpuOf.pg, true) : Number.NaN } : null);
  const cpuBefore = cpu();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < requests) {
        next++;
        const t = performance.now();
        await call();
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = cpu();
  latencies.sort((a, b) => a - b);
  const perCall = (before: number, after: number) => ((after - before) * 1000) / latencies.length;
  return {
    name,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
    ...(cpuBefore && cpuAfter ? { cpuNode: perCall(cpuBefore.node, cpuAfter.node), cpuPg: perCall(cpuBefore.pg, cpuAfter.pg), cpuClient: (client.user + client.system) / 1000 / latencies.length } : {}),
  };
}

async function main() {
  console.log(`[bench] base : ${process.env.DATABASE_URL ? 'DATABASE_URL' : dataDir}`);
  if (process.argv.includes('forgot')) {
    // `npm run bench -- forgot`: only the forgot-password timing, which needs no loaded patients.
    const server = await startServer();
    await forgotPasswordTiming().finally(() => stopServer(server));
    return;
  }
  if (process.argv.includes('sport')) {
    // `npm run bench -- sport`: only the exercise library search, on the demo data.
    const server = await startServer();
    const { runSport } = await import('./sport.ts');
    await runSport({ base, password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD, measure }).finally(() => stopServer(server));
    return;
  }
  if (process.argv.includes('search')) {
    // `npm run bench -- search`: only the food and exercise searches (20 ms p95), on the demo data.
    const server = await startServer();
    // CPU per request beside latency: steadier than a p95 on a shared machine.
    cpuOf = { node: server.pid!, pg: process.env.DATABASE_URL ? null : postgresPid(dataDir) };
    const { runSearch } = await import('./search.ts');
    await runSearch({ base, password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD, measure }).finally(() => stopServer(server));
    return;
  }
  if (process.argv.includes('dietetics')) {
    // `npm run bench -- dietetics`: only the dietetics scenarios, on the demo data.
    const server = await startServer();
    const { runDietetics } = await import('./dietetics.ts');
    await runDietetics({ base, password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD, measure }).finally(() => stopServer(server));
    return;
  }
  if (process.argv.includes('docx')) {
    // `npm run bench -- docx`: only the DOCX check's memory, in a process of its own.
    const res = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(root, 'apps/server/bench/docx.ts')], { cwd: root, env, stdio: 'inherit' });
    process.exitCode = res.status ?? 1;
    return;
  }
  if (process.argv.includes('chat')) {
    // `npm run bench -- chat`: only the real-time chat (its own database, demo data, one then two servers).
    const { runChat } = await import('./chat.ts');
    await runChat({ root, dataDir });
    return;
  }
  if (process.argv.includes('statistics')) {
    // `npm run bench -- statistics`: only /statistics, on the loaded patients.
    load();
    const server = await startServer();
    const { runStatistics } = await import('./statistics.ts');
    await runStatistics({ base, password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD, measure }).finally(() => stopServer(server));
    return;
  }
  if (process.argv.includes('million')) {
    // `npm run bench -- million`: the scale figure on an already loaded external database (DATABASE_URL);
    // BENCH_PG_PID_FILE (its postmaster.pid) adds PostgreSQL's CPU per request.
    const server = await startServer();
    cpuOf = { node: server.pid!, pg: process.env.BENCH_PG_PID_FILE ? postgresPidFile(process.env.BENCH_PG_PID_FILE) : null };
    const { runMillion } = await import('./million.ts');
    await runMillion({ base, password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD, measure }).finally(() => stopServer(server));
    return;
  }
  if (process.argv.includes('lists')) {
    // `npm run bench -- lists`: users, organisations and the journal at a practice's size (issue 13).
    load({ LOAD_LIST_ROWS: '1' });
    const server = await startServer();
    const { runLists } = await import('./lists.ts');
    await runLists({ base, password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD, measure }).finally(() => stopServer(server));
    return;
  }
  if (process.argv.includes('agenda')) {
    // `npm run bench -- agenda`: only the agenda's week view, on 50,000 loaded appointments.
    load({ LOAD_APPOINTMENTS: process.env.LOAD_APPOINTMENTS ?? '50000' });
    const server = await startServer();
    // CPU per request beside latency: steadier than a p95 on a shared machine.
    cpuOf = { node: server.pid!, pg: process.env.DATABASE_URL ? null : postgresPid(dataDir) };
    const { runAgenda } = await import('./agenda.ts');
    await runAgenda({ base, password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD, measure }).finally(() => stopServer(server));
    return;
  }
  load();
  if (process.argv.includes('export')) {
    // `npm run bench -- export`: only the CSV export of every loaded patient (memory, health p95),
    // on a server that forces a full GC on SIGUSR2 (gc-on-signal.ts) to tell held memory from kept pages.
    // loop-lag.ts answers the same signal: the server's own event-loop delay over the export.
    const memoryFile = path.join(dataDir, 'bench-memory.json');
    const lagFile = path.join(dataDir, 'bench-loop-lag.json');
    const preload = ['gc-on-signal.ts', 'loop-lag.ts'].map((f) => path.join(root, 'apps/server/bench', f));
    const server = await startServer({ flags: ['--expose-gc'], preload, env: { BENCH_MEMORY_FILE: memoryFile, BENCH_LOOP_FILE: lagFile } });
    try {
      const { runExport } = await import('./export.ts');
      await runExport({ base, pid: server.pid!, auth: await signIn(), memoryFile, lagFile });
    } finally {
      await stopServer(server);
    }
    return;
  }
  const password = process.env.BENCH_PASSWORD ?? DEMO_PASSWORD;
  if (!process.argv.includes('scale')) await single();
  // `npm run bench -- list`: only the list scenarios.
  if (process.argv.includes('list')) return;
  await runScale({ root, dataDir, password });
}

async function signIn(): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'login', Username: 'pr', Password: process.env.BENCH_PASSWORD ?? DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`connexion de pr impossible : ${login.status}`);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  return { authorization: `Bearer ${token}` };
}

async function single() {
  const server = await startServer();
  try {
    const auth = await signIn();
    const first = (await (await fetch(`${base}/api/patients?pageSize=25`, { headers: auth })).json()) as { total: number; totalCapped?: boolean; data: { idPatient: string }[] };
    // A capped count (1000+) says nothing of the size: the loaded number then tells the late page.
    const size = first.totalCapped ? Number(process.env.LOAD_PATIENTS ?? 10_000) : first.total;
    // The deepest page a number may pick (lib/keyset.ts MAX_PAGE_OFFSET): deeper ones answer 400.
    const lastPage = Math.max(1, Math.min(Math.ceil(size / 25) - 1, Math.floor(MAX_PAGE_OFFSET / 25)));
    const someone = first.data[Math.min(10, first.data.length - 1)].idPatient;
    console.log(`[bench] ${size} patients dans l’organisation ; ${requests} requêtes par scénario, un client (latences, CPU par requête), puis ${concurrency} connexions (débit)`);

    // Latency and CPU per request with one client (issue 13's table), then the throughput ratio
    // list / health with several connections, in the same run.
    cpuOf = { node: server.pid!, pg: process.env.DATABASE_URL ? null : postgresPid(dataDir) };
    const one = { concurrency: 1 };
    // The same late position reached by keyset paging: walk the cursors to about 90 % of the list.
    let cursor: string | null = null;
    for (let seen = 100; seen < size * 0.9; seen += 100) {
      const page = (await (await fetch(`${base}/api/patients?pageSize=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: auth })).json()) as { nextCursor?: string | null };
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    const scenarios: [string, string, Record<string, string>][] = [
      ['GET /api/health (référence)', '/api/health', {}],
      ['liste : première page', '/api/patients?page=1&pageSize=25', auth],
      ['liste : recherche « helene dumas »', `/api/patients?q=${encodeURIComponent('helene dumas')}&pageSize=25`, auth],
      ['liste : recherche téléphone « 06 10 »', `/api/patients?q=${encodeURIComponent('06 10')}&pageSize=25`, auth],
      [`liste : page tardive (${lastPage})`, `/api/patients?page=${lastPage}&pageSize=25`, auth],
      ...(cursor ? [['liste : page tardive par curseur', `/api/patients?pageSize=25&cursor=${cursor}`, auth] as [string, string, Record<string, string>]] : []),
      ['liste : tri dernière consultation', '/api/patients?sort=lastConsultation&order=desc&pageSize=25', auth],
      ['dossier patient', `/api/patients/${someone}`, auth],
      ['mesures du patient', `/api/patients/${someone}/measures`, auth],
    ];
    // The server is warmed on every scenario before any is measured (issue 31): measure()'s own 60
    // calls did not let a server just started settle (its JIT compiling the request path, its heap
    // growing), and that CPU was charged to whichever scenario came first — the first page cost 2.4×
    // the Node CPU of a cursor page of the same 25 rows, and measured again at the end of the same
    // run a quarter of its first figure (docs/scaling.md). Each scenario now gets the same warm-up.
    for (let round = 0; round < warmRounds; round++) {
      for (const [, url, headers] of scenarios) await caller.get(base + url, headers);
    }
    const results: Result[] = [];
    for (const [name, url, headers] of scenarios) results.push(await measure(name, url, headers, one));
    printResults(results);

    const lists = results.filter((r) => r.name.startsWith('liste'));
    const listP95 = Math.max(...lists.map((r) => r.p95));
    console.log(`\n[bench] liste, un client : p95 max ${listP95.toFixed(1)} ms (budget 20 ms) ${listP95 <= 20 ? 'respecté' : 'DÉPASSÉ'}`);
    const cpuMax = Math.max(...lists.map((r) => (r.cpuNode ?? 0) + (Number.isNaN(r.cpuPg) ? 0 : (r.cpuPg ?? 0))));
    console.log(`[bench] liste : CPU par requête (Node + PostgreSQL) au plus ${cpuMax.toFixed(2)} ms (objectif 1 ms) ${cpuMax <= 1 ? 'respecté' : 'DÉPASSÉ'}`);
    const health = await measure('GET /api/health', '/api/health', {});
    const list = await measure('liste : première page', '/api/patients?page=1&pageSize=25', auth);
    const ratio = list.rps / health.rps;
    console.log(
      `[bench] débit à ${concurrency} connexions : liste ${list.rps.toFixed(0)} req/s, /api/health ${health.rps.toFixed(0)} req/s, rapport ${ratio.toFixed(2)} (objectif ≥ 0,25) ${ratio >= 0.25 ? 'atteint' : 'NON ATTEINT'}`,
    );
    if (!process.argv.includes('list')) await forgotPasswordTiming();
  } finally {
    await stopServer(server);
  }
}

/**
 * Forgot-password must not tell a taken address from a free one by its answer time (ASVS V6):
 * pairs of requests, one for a demo account and one for an address nobody has, each pair from
 * its own address; prints both medians and how many pairs the taken address was the slower one.
 */
async function forgotPasswordTiming(pairs = Number(process.env.BENCH_FORGOT_PAIRS ?? 30)) {
  const time = async (email: string, ip: string) => {
    const t = performance.now();
    const res = await fetch(`${base}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ email }),
    });
    if (!res.ok) throw new Error(`mot de passe oublié : HTTP ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t;
  };
  const taken: number[] = [];
  const free: number[] = [];
  let takenSlower = 0;
  for (let i = 0; i < pairs; i++) {
    const ip = `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    // Alternate which one goes first, so a warm cache favours neither side.
    const nobody = `bench-nobody-${i}@example.invalid`;
    let a: number, b: number;
    if (i % 2) {
      b = await time(nobody, ip);
      a = await time('pr@demo.wellbe.fr', ip);
    } else {
      a = await time('pr@demo.wellbe.fr', ip);
      b = await time(nobody, ip);
    }
    taken.push(a);
    free.push(b);
    if (a > b) takenSlower++;
  }
  const median = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)];
  console.log(
    `[bench] mot de passe oublié : médiane adresse connue ${median(taken).toFixed(1)} ms, inconnue ${median(free).toFixed(1)} ms ; ` +
      `la connue plus lente dans ${takenSlower}/${pairs} paires (≈ ${Math.round(pairs / 2)} attendu si rien ne les distingue)`,
  );
}

main().finally(() => caller.close()).catch((err: unknown) => {
  console.error(`[bench] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
