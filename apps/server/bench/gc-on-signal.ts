import fs from 'node:fs';

// Bench harness only (`npm run bench -- export` preloads it into the server it starts with
// `--expose-gc`; the product never exposes its memory or a GC trigger): on SIGUSR2, two full
// garbage collections, then the process's memory figures written as one JSON line to
// BENCH_MEMORY_FILE. It tells memory our code still holds (V8 heap after GC) from pages the
// allocators keep (RSS minus what is live).

const gc = (globalThis as { gc?: () => void }).gc;
const file = process.env.BENCH_MEMORY_FILE;
if (gc && file) {
  process.on('SIGUSR2', () => {
    gc();
    gc();
    const m = process.memoryUsage();
    fs.writeFileSync(file, JSON.stringify({ rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, arrayBuffers: m.arrayBuffers }) + '\n');
  });
}
