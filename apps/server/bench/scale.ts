import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { lockDataDir } from '../src/db/lock.ts';
import { cpuSeconds, postgresPid } from './cpu.ts';

// `npm run bench` scenario "several servers": the patient-list + consultation-save mix (4 lists
// for 1 save) against one app server, then against two app servers on the same PostgreSQL, with
// the same number of clients in flight. It prints the throughput of each, the ratio two/one, and
// the share of the machine's CPU used by PostgreSQL and by the app servers (from /proc), to show
// where the bottleneck is. On a 2-core machine the ratio is about 1: both servers and the
// database share the same two cores. Figures, not a test.
//   BENCH_SCALE_SECONDS (15), BENCH_SCALE_CONCURRENCY (8), BENCH_SCALE_PORT (3371, and +1).

interface Phase {
  servers: number;
  ops: number;
  lists: number;
  saves: number;
  seconds: number;
  rps: number;
  pgShare: number;
  appShare: number;
  clientShare: number;
}

export interface ScaleOptions {
  root: string;
  dataDir: string;
  password: string;
}

export async function runScale({ root, dataDir, password }: ScaleOptions): Promise<void> {
  const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 15);
  const concurrency = Number(process.env.BENCH_SCALE_CONCURRENCY ?? 8);
  const basePort = Number(process.env.BENCH_SCALE_PORT ?? 3371);
  const cores = os.cpus().length;

  let url = process.env.DATABASE_URL;
  let pgPid: number | null = null;
  let stopPg = async () => {};
  let release = () => {};
  if (!url) {
    release = lockDataDir(dataDir);
    const pg = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
    stopPg = pg.stop;
    url = pg.url('wellbe');
    pgPid = postgresPid(dataDir);
  }
  const jwt = randomBytes(32).toString('hex');
  const servers: { child: ChildProcess; base: string }[] = [];

  const start = async (i: number) => {
    const port = basePort + i;
    const env = { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(dataDir, `scale-${i}`), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', JWT_SECRET: jwt, WORKERS: '1', WELLBE_DEMO: '0' };
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const base = `http://127.0.0.1:${port}`;
    for (let n = 0; n < 900; n++) {
      if (child.exitCode != null) throw new Error(`le serveur ${i} s’est arrêté (code ${child.exitCode})`);
      if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    servers.push({ child, base });
  };

  try {
    await start(0);
    await start(1);
    const login = await fetch(`${servers[0].base}/api/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'login', Username: 'pr', Password: password }),
    });
    if (!login.ok) throw new Error(`connexion de pr impossible : ${login.status}`);
    const session = (await login.json()) as { id: string; data: { access_token: string; idOrganization: string } };
    const auth = { authorization: `Bearer ${session.data.access_token}` };
    const page = (await (await fetch(`${servers[0].base}/api/patients?pageSize=25`, { headers: auth })).json()) as { data: { idPatient: string }[] };
    const patients = page.data.map((p) => p.idPatient);

    const list = async (base: string) => {
      const res = await fetch(`${base}/api/patients?page=1&pageSize=25`, { headers: auth });
      if (!res.ok) throw new Error(`liste : HTTP ${res.status}`);
      await res.arrayBuffer();
    };
    const save = async (base: string, n: number) => {
      const res = await fetch(`${base}/api/consultation`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          action: 'createBySpeciality',
          idPatient: patients[n % patients.length],
          Iduser: session.id,
          idOrganization: session.data.idOrganization,
          idConsultation: randomUUID(),
          consultationCreate: { Diagnostic: '<p>Bilan de contrôle</p>', Traitement: '<p>Poursuite</p>' },
        }),
      });
      if (!res.ok) throw new Error(`enregistrement : HTTP ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    const phase = async (count: number): Promise<Phase> => {
      const targets = servers.slice(0, count);
      let n = 0;
      let lists = 0;
      let saves = 0;
      // Warm-up on every target: JIT, pools, plan caches.
      for (let i = 0; i < 40; i++) await list(targets[i % count].base);
      const cpu = () => ({
        pg: pgPid ? cpuSeconds(pgPid, true) : 0,
        app: targets.reduce((s, t) => s + cpuSeconds(t.child.pid!), 0),
        client: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      });
      const before = cpu();
      const started = performance.now();
      const end = started + seconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < end) {
            const i = n++;
            const base = targets[i % count].base;
            if (i % 5 === 4) {
              await save(base, i);
              saves++;
            } else {
              await list(base);
              lists++;
            }
          }
        }),
      );
      const wall = (performance.now() - started) / 1000;
      const after = cpu();
      const share = (v: number) => v / (wall * cores);
      return {
        servers: count,
        ops: lists + saves,
        lists,
        saves,
        seconds: wall,
        rps: (lists + saves) / wall,
        pgShare: share(after.pg - before.pg),
        appShare: share(after.app - before.app),
        clientShare: share(after.client - before.client),
      };
    };

    console.log(`\n[bench] plusieurs serveurs : mélange 4 listes / 1 enregistrement de consultation, ${concurrency} clients, ${seconds} s par mesure, ${cores} cœurs`);
    const one = await phase(1);
    const two = await phase(2);
    const pct = (v: number) => `${(v * 100).toFixed(0)} %`.padStart(6);
    console.log('serveurs   req/s   listes  enreg.   CPU PostgreSQL   CPU serveurs   CPU client');
    for (const p of [one, two]) {
      console.log(`${String(p.servers).padStart(8)} ${p.rps.toFixed(1).padStart(7)} ${String(p.lists).padStart(8)} ${String(p.saves).padStart(7)}   ${pgPid ? pct(p.pgShare) : '   n/a'}           ${pct(p.appShare)}         ${pct(p.clientShare)}`);
    }
    console.log(`[bench] débit deux serveurs / un serveur : ${(two.rps / one.rps).toFixed(2)}`);
  } finally {
    for (const s of servers) {
      if (s.child.exitCode == null) {
        await new Promise<void>((resolve) => {
          s.child.once('exit', () => resolve());
          s.child.kill('SIGTERM');
        });
      }
    }
    await stopPg();
    release();
  }
}
