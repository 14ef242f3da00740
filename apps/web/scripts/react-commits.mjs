// `node apps/web/scripts/react-commits.mjs [http://host:port] [role:path ...]` (issue 31): what React
// mounts during a cold load of a signed-in page, counted rather than timed (this machine's timings
// move more than a change does). A `__REACT_DEVTOOLS_GLOBAL_HOOK__` put in the page before its
// scripts sees each commit; a fiber is new to a commit when neither it nor its alternate was seen
// in an earlier one. Prints, per commit, the fibers of the tree and the new ones with the components
// they belong to (emotion's `Insertion` and `Styled(…)` tell how much of it MUI styles), then the
// totals. A measurement, not a test: run it against `npm start` (demo data), e.g.
//   node apps/web/scripts/react-commits.mjs http://localhost:3000 pt:/dashboard pr:/dashboard
// A production build names few components (the minifier renamed them; MUI's styled ones keep theirs):
// serve one built with `WEB_OUT_DIR=dist-prof npx vite build --minify false` (in apps/web, then
// WEB_DIST=apps/web/dist-prof npm run serve) to read every name.
// CHROME_PATH (/usr/bin/chromium), DEMO_PASSWORD, QUIET_MS (how long without a request ends the
// load, 2500), DESKTOP=1 (a 1,350 × 940 window instead of a 412 × 823 phone: the tables' view).
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const base = args[0]?.startsWith('http') ? args.shift() : 'http://localhost:3000';
const pages = args.length ? args : ['pt:/dashboard'];
const password = process.env.DEMO_PASSWORD ?? 'Demo-Wellbe-2026!';
const quietMs = Number(process.env.QUIET_MS ?? 2500);
const screen = process.env.DESKTOP === '1' ? { viewport: { width: 1350, height: 940 } } : { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

async function signIn(username) {
  const answer = await fetch(`${base}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'login', Username: username, Password: password }) });
  const token = (await answer.json()).data?.access_token;
  if (!token) throw new Error(`connexion de ${username} impossible (${answer.status})`);
  return token;
}

/** Runs in the page before its scripts: records each commit's fibers (all, and new by component name). */
function countCommits() {
  const commits = [];
  const seen = new WeakSet();
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type || typeof type === 'string') return null;
    return type.displayName || type.name || type.render?.displayName || type.render?.name || type.type?.displayName || type.type?.name || null;
  };
  window.__wellbeCommits = commits;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let fibers = 0;
      const created = {};
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        fibers++;
        if (!seen.has(fiber) && !(fiber.alternate && seen.has(fiber.alternate))) {
          const name = nameOf(fiber) ?? '(host)';
          created[name] = (created[name] ?? 0) + 1;
        }
        seen.add(fiber);
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      commits.push({ at: Math.round(performance.now()), fibers, created });
    },
  };
}

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  for (const entry of pages) {
    const [role, path] = entry.split(/:(.*)/s);
    const context = await browser.newContext({ ...screen, locale: 'fr-FR' });
    await context.addInitScript((token) => localStorage.setItem('jwt_access_token', token), await signIn(role));
    await context.addInitScript(countCommits);
    const page = await context.newPage();
    let lastRequest = Date.now();
    page.on('request', () => (lastRequest = Date.now()));
    await page.goto(base + path);
    while (Date.now() - lastRequest < quietMs) await new Promise((resolve) => setTimeout(resolve, 200));
    const commits = await page.evaluate(() => window.__wellbeCommits);
    const total = {};
    console.log(`\n${role} ${path} (${page.url().replace(base, '')})`);
    for (const commit of commits) {
      const created = Object.entries(commit.created).sort((a, b) => b[1] - a[1]);
      const count = created.reduce((sum, [, n]) => sum + n, 0);
      for (const [name, n] of created) total[name] = (total[name] ?? 0) + n;
      if (count) console.log(`  ${String(commit.at).padStart(6)} ms  ${String(commit.fibers).padStart(5)} fibers, ${String(count).padStart(4)} new: ${created.slice(0, 6).map(([name, n]) => `${name} ×${n}`).join(', ')}`);
    }
    const mounted = Object.values(total).reduce((sum, n) => sum + n, 0);
    const top = Object.entries(total).sort((a, b) => b[1] - a[1]).slice(0, 12);
    console.log(`  ${commits.length} commits, ${mounted} fibers mounted, the largest commit ${Math.max(0, ...commits.map((c) => Object.values(c.created).reduce((s, n) => s + n, 0)))} new`);
    console.log(`  by component: ${top.map(([name, n]) => `${name} ×${n}`).join(', ')}`);
    await context.close();
  }
} finally {
  await browser.close();
}
