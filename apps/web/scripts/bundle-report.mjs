// Builds the web app and prints, for the /login first-load closure, each chunk's gzip size and its biggest modules.
import fs from 'node:fs'; import path from 'node:path'; import { gzipSync } from 'node:zlib';
import { build } from 'vite';
const webRoot = process.argv[2]; const outDir = process.argv[3];
process.env.NODE_ENV = 'production';
const chunks = {};
await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), logLevel: 'warn',
  build: { outDir, manifest: true, emptyOutDir: true },
  plugins: [{ name: 'dump', generateBundle(_, bundle) { for (const [f, c] of Object.entries(bundle)) if (c.type === 'chunk') chunks[f] = Object.entries(c.modules).map(([id, m]) => [id.replace(/.*node_modules\//, 'nm:').replace(webRoot, ''), m.renderedLength]).sort((a, b) => b[1] - a[1]); } }] });
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
function closure(key, seen = new Set()) { if (seen.has(key)) return seen; seen.add(key); for (const d of manifest[key]?.imports ?? []) closure(d, seen); return seen; }
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const keys = closure(entry);
for (const k of process.argv.slice(4)) closure(k, keys);
let total = 0;
for (const k of keys) { const f = manifest[k].file; const gz = gzipSync(fs.readFileSync(path.join(outDir, f))).length; total += gz;
  console.log(`\n${(gz/1000).toFixed(1)} KB  ${k} -> ${f}`); for (const [id, len] of (chunks[f] ?? []).slice(0, Number(process.env.TOP ?? 12))) console.log(`    ${(len/1000).toFixed(1)}k ${id}`); }
console.log(`\nTOTAL ${(total/1000).toFixed(1)} KB in ${keys.size}`);
