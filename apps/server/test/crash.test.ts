import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './helpers.ts';
import { alive, api, cleanUp, freePort, gone, postInFlight, postmasterPid as pidOf, signIn, startReady as startProcess, startServer } from './server-process.ts';

// Crash safety of the embedded PostgreSQL, proven on the REAL server (`main.ts` in its own
// process, on a temporary DATA_DIR): a committed row survives `kill -9`, the next start deals with
// the orphaned PostgreSQL, a second server on the same DATA_DIR refuses, SIGTERM finishes the
// request in flight and stops PostgreSQL. No PostgreSQL is left running whatever happens.

let dataDir: string;
const startReady = () => startProcess(dataDir);
const postmasterPid = () => pidOf(dataDir);

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wellbe-crash-'));
  // The embedded PostgreSQL runs as the `postgres` user when the tests run as root: it must reach DATA_DIR/pg.
  fs.chmodSync(dataDir, 0o755);
});

afterAll(() => cleanUp(dataDir), 60_000);

const account = { displayName: 'Louis Pasteur', email: 'louis.pasteur@exemple.fr', password: 'Vaccin-1885!', acceptPolicies: true };
const second = { displayName: 'Marie Curie', email: 'marie.curie@exemple.fr', password: 'Radium-1867!', acceptPolicies: true };

describe.sequential('the real server on its embedded PostgreSQL', () => {
  it('keeps a committed row after kill -9; the next start stops the orphaned PostgreSQL and comes up', async () => {
    const first = await startReady();
    expect((await api(first, 'GET', '/api/health')).json).toEqual({ status: 'ok' });
    expect((await signIn(first, 'pr', DEMO_PASSWORD)).status).toBe(200);
    const reg = await api(first, 'POST', '/api/auth/register', { user: account });
    expect(reg.status).toBe(201);

    // Journal rows are committed in groups (lib/audit.ts), yet every answered read has its row:
    // N concurrent reads answered, then kill -9, then N rows after the restart.
    const reads = 40;
    const pr = { authorization: `Bearer ${(await signIn(first, 'pr', DEMO_PASSWORD)).json.data.access_token}` };
    const answered = await Promise.all(Array.from({ length: reads }, () => fetch(`http://127.0.0.1:${first.port}/api/patients?pageSize=1`, { headers: pr }).then((r) => r.status)));
    expect(answered).toEqual(answered.map(() => 200));

    const orphan = postmasterPid();
    expect(orphan).toBeGreaterThan(0);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // The server died, its PostgreSQL did not: that is the situation the next start must handle.
    expect(alive(orphan!)).toBe(true);

    const next = await startReady();
    expect(next.output()).toContain(`PostgreSQL orphelin détecté (PID ${orphan})`);
    expect(alive(orphan!)).toBe(false);
    expect((await api(next, 'GET', '/api/health')).status).toBe(200);
    const back = await signIn(next, account.email, account.password);
    expect(back.status).toBe(200);
    expect(back.json.data.displayName).toBe('Louis Pasteur');
    const pa = { authorization: `Bearer ${(await signIn(next, 'pa', DEMO_PASSWORD)).json.data.access_token}` };
    const journal = (await (await fetch(`http://127.0.0.1:${next.port}/api/admin/journal?action=patient.list&pageSize=1`, { headers: pa })).json()) as { total: number };
    expect(journal.total).toBe(reads);
    // The demo data was seeded once, not twice.
    expect(next.output()).not.toContain('Données de démonstration chargées');
    expect((await signIn(next, 'pr', DEMO_PASSWORD)).status).toBe(200);

    // A second server on the same DATA_DIR refuses with a clear message and a non-zero exit.
    const intruder = startServer(dataDir, await freePort());
    const code = await intruder.exited;
    expect(code).not.toBe(0);
    expect(intruder.output()).toMatch(/Un autre serveur WellBe \(PID \d+\) utilise déjà le dossier de données/);
    // ...and the first one is unharmed.
    expect((await api(next, 'GET', '/api/health')).status).toBe(200);

    next.child.kill('SIGKILL');
    await next.exited;
  }, 240_000);

  it('SIGTERM finishes the request in flight, then stops the embedded PostgreSQL; so does SIGINT', async () => {
    // At 'debug' the server logs each request as it arrives: the test waits for that line.
    const server = await startProcess(dataDir, { LOG_LEVEL: 'debug' });
    const pgPid = postmasterPid();
    expect(pgPid).toBeGreaterThan(0);

    // A registration whose body is still arriving when SIGTERM comes.
    const answer = postInFlight(server, '/api/auth/register', { user: second }, /SIGTERM reçu/);
    // The request has reached the server (its headers are read, its body is still arriving).
    await server.waitFor(/"url":"\/api\/auth\/register"[^\n]*"msg":"requête reçue"/);
    server.child.kill('SIGTERM');

    const res = await answer;
    expect(res.status).toBe(201);
    expect(JSON.parse(res.body).user.data.email).toBe(second.email);

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('PostgreSQL embarqué arrêté');
    expect(await gone(pgPid!, 5_000)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'wellbe.pid'))).toBe(false);

    // What was answered is kept.
    const again = await startReady();
    expect((await signIn(again, second.email, second.password)).status).toBe(200);
    // SIGINT (Ctrl-C) stops as cleanly as SIGTERM.
    const pgAgain = postmasterPid();
    const pidFileText = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
    again.child.kill('SIGINT');
    expect(await again.exited).toBe(0);
    expect(await gone(pgAgain!, 5_000)).toBe(true);

    // A power cut leaves postmaster.pid behind, and after the reboot its pid names another process:
    // that process gets no signal, and the server still comes up.
    const unrelated = spawn('sleep', ['60']);
    try {
      fs.writeFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), pidFileText.replace(/^\d+/, String(unrelated.pid)));
      const afterReboot = await startReady();
      expect(unrelated.exitCode).toBeNull();
      expect(alive(unrelated.pid!)).toBe(true);
      expect((await signIn(afterReboot, second.email, second.password)).status).toBe(200);
      afterReboot.child.kill('SIGTERM');
      expect(await afterReboot.exited).toBe(0);
    } finally {
      unrelated.kill('SIGKILL');
    }
  }, 240_000);
});
