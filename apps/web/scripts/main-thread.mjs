// The page's main thread in a Lighthouse trace, and what its tasks block (issue 31), for
// lighthouse.mjs's table and trace-tasks.mjs. A measurement helper, not a test.
//
// Lighthouse's mobile run is not throttled: Total Blocking Time multiplies each task's WALL time by
// 4 and counts what goes over 50 ms. On a shared machine the renderer's thread is descheduled for
// part of a task (Chromium's compositor and browser processes, the server, Lighthouse itself: on 2
// cores its thread time was a third of the wall time), and that waiting is multiplied too. The same
// sum over each task's THREAD time (the trace's `tdur`) is the page's own blocking work: steadier
// from run to run, and what a phone with free cores would see.

/** The renderer main thread that worked most (the page's: a blank tab or an iframe works less). */
export function pageMainThread(events) {
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (m) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === 'RunTask').reduce((s, e) => s + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  return events.filter((e) => e.pid === main.pid && e.tid === main.tid);
}

/**
 * The whole load's main-thread busy time and blocking time (each task's time × `slowdown` − 50 ms:
 * 4 for Lighthouse's phone, 1 on desktop), by wall time and by thread time, in ms. The whole load,
 * not from the first paint on as Lighthouse counts: its first paint is simulated, and a page's
 * blocking before or after it is the same work.
 */
export function blockingFigures(events, slowdown = 4) {
  const tasks = pageMainThread(events).filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const sum = (f) => tasks.reduce((s, e) => s + f(e), 0);
  const blocking = (us) => Math.max(0, (slowdown * us) / 1000 - 50);
  return {
    wallMs: sum((e) => (e.dur ?? 0) / 1000),
    cpuMs: sum((e) => (e.tdur ?? e.dur ?? 0) / 1000),
    wallBlockingMs: sum((e) => blocking(e.dur ?? 0)),
    cpuBlockingMs: sum((e) => blocking(e.tdur ?? e.dur ?? 0)),
  };
}
