import fs from 'node:fs';

// `npm run bench -- export`: the CSV export of every loaded patient, on the running bench server:
// its duration, the p95 of /api/health requests sent one after another while the export runs, and
// the server's memory (issue 31): resident memory (VmRSS) before, at its peak, right after, after a
// forced full GC (with the V8 heap then: what our code still holds) and a minute later.
// BENCH_ENCODING: the Accept-Encoding sent (default 'br, gzip', a browser's; 'identity' = none);
// BENCH_EXPORT_SETTLE_MS: how long after the export the last memory reading waits (60,000).

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** Forces two full GCs in the server (bench/gc-on-signal.ts) and reads the figures it writes. */
async function forcedGc(pid: number, memoryFile: string): Promise<{ rss: number; heapUsed: number; heapTotal: number; external: number }> {
  fs.rmSync(memoryFile, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 300; i++) {
    if (fs.existsSync(memoryFile) && fs.readFileSync(memoryFile, 'utf8').endsWith('\n')) return JSON.parse(fs.readFileSync(memoryFile, 'utf8'));
    await sleep(100);
  }
  throw new Error('le serveur n’a pas écrit ses chiffres de mémoire (lancé sans gc-on-signal ?)');
}

/** loop-lag.ts writes its file just after gc-on-signal.ts's: read it once it is whole. */
async function readLag(file: string): Promise<{ p50: number; p95: number; p99: number; max: number }> {
  for (let i = 0; ; i++) {
    try {
      return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      if (i >= 50) throw err;
      await sleep(100);
    }
  }
}

export async function runExport(opts: { base: string; pid: number; auth: Record<string, string>; memoryFile: string; lagFile: string }) {
  const { base, pid, memoryFile, lagFile } = opts;
  const auth = { ...opts.auth, 'accept-encoding': process.env.BENCH_ENCODING ?? 'br, gzip' };
  // Warm-up: one small export (a search), so the JIT and the pool are settled.
  await (await fetch(`${base}/api/patients/export?q=helene`, { headers: auth })).arrayBuffer();
  const start = await forcedGc(pid, memoryFile);
  await sleep(1000);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  let exporting = true;
  const health: number[] = [];
  const healthLoop = (async () => {
    while (exporting) {
      const t = performance.now();
      await (await fetch(`${base}/api/health`)).arrayBuffer();
      health.push(performance.now() - t);
      await sleep(10);
    }
  })();
  const t = performance.now();
  const res = await fetch(`${base}/api/patients/export`, { headers: auth });
  if (!res.ok) throw new Error(`export : HTTP ${res.status}`);
  let bytes = 0;
  let lines = 0;
  // Read it as a client would, chunk by chunk. Lines counted by indexOf: a loop over every byte
  // held this process's event loop (the one that times /api/health) for ~1 ms per 64 kB chunk.
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    for (let at = buffer.indexOf(10); at !== -1; at = buffer.indexOf(10, at + 1)) lines++;
  }
  const seconds = (performance.now() - t) / 1000;
  exporting = false;
  await healthLoop;
  clearInterval(sampler);
  const rightAfter = rssMb(pid);
  fs.rmSync(lagFile, { force: true });
  const collected = await forcedGc(pid, memoryFile);
  // Written by loop-lag.ts on the same signal: the server's event-loop delay from the forced GC
  // before the export (1 s idle, then the export) to now.
  const lag = await readLag(lagFile);
  await sleep(Number(process.env.BENCH_EXPORT_SETTLE_MS ?? 60_000));
  const minuteLater = rssMb(pid);
  health.sort((a, b) => a - b);
  const p95 = health[Math.min(health.length - 1, Math.floor(0.95 * health.length))] ?? NaN;
  console.log(
    `[bench] export CSV (${res.headers.get('content-encoding') ?? 'identity'}) : ${lines - 1} patients, ${(bytes / 1e6).toFixed(1)} Mo en ${seconds.toFixed(2)} s ; ` +
      `/api/health pendant l’export : p95 ${p95.toFixed(1)} ms sur ${health.length} requêtes (budget 50 ms)\n` +
      `[bench] retard de la boucle d’événements du serveur (résolution 10 ms, comprise) : p50 ${lag.p50} ms, p95 ${lag.p95}, p99 ${lag.p99}, max ${lag.max}\n` +
      `[bench] mémoire du serveur (VmRSS) : ${before.toFixed(0)} Mo avant → pic ${peak.toFixed(0)} → ${rightAfter.toFixed(0)} juste après → ` +
      `${mb(collected.rss)} après un GC complet → ${minuteLater.toFixed(0)} une minute après\n` +
      `[bench] tas V8 après GC complet : ${mb(start.heapUsed)} Mo avant l’export, ${mb(collected.heapUsed)} Mo après (réservé ${mb(start.heapTotal)} → ${mb(collected.heapTotal)} Mo ; ` +
      `hors tas ${mb(start.external)} → ${mb(collected.external)} Mo)`,
  );
}
