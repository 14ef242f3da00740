// `node apps/web/scripts/trace-tasks.mjs <name>.trace.json ...` (issue 31): the long tasks of a
// Lighthouse trace, kept by `LH_REPORT_DIR=dir LH_TRACE=1 npm run bench:web`. Lighthouse's mobile
// run is not throttled: its score simulates a phone by multiplying each task of the page's main
// thread by 4, and Total Blocking Time counts what goes over 50 ms. So a task of the trace weighs
// from 12.5 ms on. Prints each such task (real ms, ×4) with the script it ran and the events that
// took longest inside it, then the sum of (4 × task − 50 ms). A measurement, not a test.
// MIN_MS (12.5): the shortest task printed; TOP (7): events per task.
import fs from 'node:fs';
import { blockingFigures, pageMainThread } from './main-thread.mjs';

const minMs = Number(process.env.MIN_MS ?? 12.5);
const top = Number(process.env.TOP ?? 7);
// Wrappers that contain the work rather than being it.
const WRAPPERS = /RunTask|ThreadControllerImpl|AsyncTask|PendingScript|ScriptRunner|TimerBase|TimerFire|v8\.callFunction|MessagePort|FunctionCall/;

for (const file of process.argv.slice(2)) {
  const events = JSON.parse(fs.readFileSync(file, 'utf8')).traceEvents;
  const mine = pageMainThread(events);
  const start = Math.min(...mine.filter((e) => e.ts).map((e) => e.ts));
  const tasks = mine.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur / 1000 >= minMs);
  let blocking = 0;
  console.log(`== ${file}`);
  for (const task of tasks) {
    const ms = task.dur / 1000;
    blocking += Math.max(0, 4 * ms - 50);
    const inside = mine.filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur);
    const byName = new Map();
    for (const e of inside) {
      const [count, total] = byName.get(e.name) ?? [0, 0];
      byName.set(e.name, [count + 1, total + (e.dur ?? 0) / 1000]);
    }
    const script = inside.find((e) => e.args?.data?.url)?.args.data.url.split('/').pop() ?? '';
    const parts = [...byName].filter(([name]) => !WRAPPERS.test(name)).sort((a, b) => b[1][1] - a[1][1]).slice(0, top);
    console.log(`${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  ${ms.toFixed(1).padStart(6)} ms (×4 ${(4 * ms).toFixed(0)})  ${script.slice(0, 32)}  ${parts.map(([name, [count, total]]) => `${name} ×${count} ${total.toFixed(1)}`).join(' | ')}`);
  }
  console.log(`sum of (4 × task − 50 ms): ${blocking.toFixed(0)} ms`);
  const f = blockingFigures(events);
  console.log(`whole load: busy ${f.wallMs.toFixed(0)} ms (thread time ${f.cpuMs.toFixed(0)} ms), blocking ${f.wallBlockingMs.toFixed(0)} ms (by thread time ${f.cpuBlockingMs.toFixed(0)} ms)`);
}
