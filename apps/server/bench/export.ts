import fs from 'node:fs';

// `npm run bench -- export`: the CSV export of every loaded patient, on the running bench server:
// its duration, the server's resident memory before, at its peak during and 3 s after the export,
// and the p95 of /api/health requests sent one after another while the export runs.

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

export async function runExport(opts: { base: string; pid: number; auth: Record<string, string> }) {
  const { base, pid, auth } = opts;
  // Warm-up: one small export (a search), so the JIT and the pool are settled.
  await (await fetch(`${base}/api/patients/export?q=helene`, { headers: auth })).arrayBuffer();
  await new Promise((r) => setTimeout(r, 1000));
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
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const t = performance.now();
  const res = await fetch(`${base}/api/patients/export`, { headers: auth });
  if (!res.ok) throw new Error(`export : HTTP ${res.status}`);
  let bytes = 0;
  let lines = 0;
  // Read it as a client would, chunk by chunk.
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - t) / 1000;
  exporting = false;
  await healthLoop;
  await new Promise((r) => setTimeout(r, 3000));
  clearInterval(sampler);
  const after = rssMb(pid);
  health.sort((a, b) => a - b);
  const p95 = health[Math.min(health.length - 1, Math.floor(0.95 * health.length))] ?? NaN;
  console.log(
    `[bench] export CSV : ${lines - 1} patients, ${(bytes / 1e6).toFixed(1)} Mo en ${seconds.toFixed(2)} s ; ` +
      `mémoire du serveur ${before.toFixed(0)} → pic ${peak.toFixed(0)} → ${after.toFixed(0)} Mo 3 s après ; ` +
      `/api/health pendant l’export : p95 ${p95.toFixed(1)} ms sur ${health.length} requêtes (budget 50 ms)`,
  );
}
