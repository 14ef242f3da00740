import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';

// `npm run bench -- docx`: the DOCX signature check (modules/documents) on a 45 MB .docx, in a
// process of its own: how much the resident memory grows while it runs (a PDF check is ~+5 MB).

async function main() {
  const file = path.join(os.tmpdir(), `wellbe-bench-${process.pid}.docx`);
  {
    // A realistic .docx: the XML parts, then a 45 MB picture stored as is (already compressed).
    const zip = zipSync(
      {
        '[Content_Types].xml': new TextEncoder().encode('<?xml version="1.0"?><Types/>'),
        'word/document.xml': new TextEncoder().encode('<w:document/>'),
        'word/media/image1.png': [randomBytes(45 * 1024 * 1024), { level: 0 }],
      },
      { level: 0 },
    );
    fs.writeFileSync(file, zip);
  }
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const { detectType } = await import('../src/modules/documents/documents.storage.ts');
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(16);
  fs.readSync(fd, head, 0, 16, 0);
  fs.closeSync(fd);
  // A first call on a small file loads the code, so it is not counted.
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t = performance.now();
  const type = await detectType({ tmpPath: file, head } as Parameters<typeof detectType>[0]);
  const ms = performance.now() - t;
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(sampler);
  fs.rmSync(file);
  const mb = (v: number) => (v / 1024 / 1024).toFixed(1);
  console.log(`[bench] contrôle DOCX (45 Mo) : type ${type}, ${ms.toFixed(0)} ms, mémoire +${mb(peak - before)} Mo (résidente ${mb(before)} → ${mb(peak)} Mo)`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
