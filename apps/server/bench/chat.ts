import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { ensureDatabase, withDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { lockDataDir } from '../src/db/lock.ts';
import { systemClock } from '../src/lib/clock.ts';
import { signToken } from '../src/modules/auth/auth.tokens.ts';

// `npm run bench -- chat` (issue 16): the real-time part under load. BENCH_CHAT_SOCKETS (1,000)
// staff accounts of the demo practice, each signed in with one WebSocket on /api/ws, talking in
// pairs (one direct conversation each); BENCH_CHAT_RATE (100) messages per second sent through
// POST /api/chat/send-message for BENCH_CHAT_SECONDS (20) s, spread over the conversations. It
// prints the delivery latency (from the send to the frame on the other member's socket: p50, p95,
// p99, max), messages lost or delivered twice, and the servers' memory (RSS) idle, with the
// sockets connected and after the messages. The messages start once presence has settled (no
// status frame on any socket for 1 s, at most BENCH_CHAT_SETTLE_MAX = 120 s): it prints how long
// that took, the frames the clients received per phase (presence ones apart) and the servers'
// event-loop delay per phase (bench/loop-lag.ts, read on SIGUSR2). Then the same with two server processes on the same
// PostgreSQL: the members of each pair sit on different servers (LISTEN/NOTIFY in between).
// Budget: delivery p95 ≤ 50 ms on loopback. Figures, not a test.
//   A database of its own (wellbe_chat, demo data) on the embedded PostgreSQL of BENCH_DATA_DIR
//   or on DATABASE_URL's server; BENCH_CHAT_PORT (3381) and BENCH_CHAT_PORT2 (the next one);
//   BENCH_CHAT_BATCH (20) sockets opening at once; BENCH_CHAT_SAMPLE=1 prints what PostgreSQL was
//   busy with during the messages (pg_stat_activity samples), BENCH_CHAT_PROFILE=<dir> CPU profiles.

interface Member {
  id: string;
  token: string;
  socket?: WebSocket;
}

interface Phase {
  servers: number;
  sent: number;
  delivered: number;
  lost: number;
  twice: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  sendP95: number;
  rss: { idle: number[]; connected: number[]; after: number[] };
  connectSeconds: number;
  /** From the last socket's `ready` until no presence frame arrived for SETTLE_QUIET_MS (null: not within the cap). */
  settleSeconds: number | null;
  /** Frames the clients received while connecting and settling, and while the messages were sent. */
  frames: { connect: FrameCount; messages: FrameCount };
  /** The servers' event-loop delay (ms) while connecting and settling, and while the messages were sent. */
  lag: { connect: Lag[]; messages: Lag[] };
}

interface FrameCount {
  total: number;
  presence: number;
  /** Status changes carried (one per frame before coalescing; a coalesced frame carries several). */
  entries: number;
  bytes: number;
}

interface Lag {
  p50: number;
  p99: number;
  max: number;
}

const SETTLE_QUIET_MS = 1000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Asks a server for its event-loop delay since the last reading (bench/loop-lag.ts). */
async function loopLag(pid: number, file: string): Promise<Lag> {
  fs.rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  // A busy server may take a while to reach its signal handler (on a loaded machine, seconds).
  for (let n = 0; n < 250; n++) {
    await sleep(20);
    if (fs.existsSync(file)) {
      try {
        return JSON.parse(fs.readFileSync(file, 'utf8')) as Lag;
      } catch {
        // written as we read: next turn
      }
    }
  }
  return { p50: NaN, p99: NaN, max: NaN };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

export async function runChat({ root, dataDir }: { root: string; dataDir: string }): Promise<void> {
  const total = Number(process.env.BENCH_CHAT_SOCKETS ?? 1000) & ~1;
  const rate = Number(process.env.BENCH_CHAT_RATE ?? 100);
  const seconds = Number(process.env.BENCH_CHAT_SECONDS ?? 20);
  const ports = [Number(process.env.BENCH_CHAT_PORT ?? 3381), Number(process.env.BENCH_CHAT_PORT2 ?? Number(process.env.BENCH_CHAT_PORT ?? 3381) + 1)];

  let adminUrl = process.env.DATABASE_URL;
  let stopPg = async () => {};
  let release = () => {};
  if (!adminUrl) {
    release = lockDataDir(dataDir);
    const embedded = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
    stopPg = embedded.stop;
    adminUrl = embedded.url('postgres');
  }
  await ensureDatabase(adminUrl, 'wellbe_chat');
  const url = withDatabase(adminUrl, 'wellbe_chat');
  const secret = randomBytes(32).toString('hex');
  const key = new TextEncoder().encode(secret);
  const servers: ChildProcess[] = [];
  const lagFile = (i: number) => path.join(dataDir, `chat-loop-${i}.json`);
  const db = new pg.Pool({ connectionString: url, max: 2 });

  const start = async (i: number) => {
    const port = ports[i];
    const env = { ...process.env, DATABASE_URL: url, DATA_DIR: path.join(dataDir, `chat-${i}`), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', JWT_SECRET: secret, WORKERS: '1', WELLBE_DEMO: '1', BENCH_LOOP_FILE: lagFile(i) };
    // BENCH_CHAT_PROFILE=<dir>: each server writes a CPU profile there when it stops.
    const profile = process.env.BENCH_CHAT_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CHAT_PROFILE)}`] : [];
    const child = spawn(process.execPath, [...profile, '--import', 'tsx', '--import', path.join(root, 'apps/server/bench/loop-lag.ts'), path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    servers.push(child);
    for (let n = 0; n < 1800; n++) {
      if (child.exitCode != null) throw new Error(`le serveur ${i} s’est arrêté (code ${child.exitCode})`);
      if (await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false)) return;
      await sleep(100);
    }
    throw new Error(`le serveur ${i} ne répond pas`);
  };
  const stop = async (child: ChildProcess) => {
    if (child.exitCode != null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  };

  try {
    await start(0);
    const members = await accounts(db, key, total);
    const base = (i: number) => `http://127.0.0.1:${ports[i]}`;
    // One direct conversation per pair, opened by the API (the pair rule, as a user would).
    const chats: string[] = [];
    for (let p = 0; p < total / 2; p++) {
      const res = await fetch(`${base(0)}/api/chat/get-chat?contactId=${members[2 * p + 1].id}`, { headers: { authorization: `Bearer ${members[2 * p].token}` } });
      if (!res.ok) throw new Error(`get-chat : HTTP ${res.status} ${await res.text()}`);
      chats.push(((await res.json()) as { chat: { id: string } }).chat.id);
    }

    const phase = async (count: number): Promise<Phase> => {
      const pids = servers.slice(0, count).map((s) => s.pid!);
      const rss = { idle: pids.map(rssMb), connected: [] as number[], after: [] as number[] };
      const serverOf = (i: number) => i % count;
      // Who waits for what: message id → send time; per recipient socket, the ids received.
      const sentAt = new Map<string, number>();
      const received = new Map<string, number>();
      const latencies: number[] = [];
      const sendTimes: number[] = [];
      const counts = { connect: { total: 0, presence: 0, entries: 0, bytes: 0 }, messages: { total: 0, presence: 0, entries: 0, bytes: 0 } };
      let counting = counts.connect;
      let lastPresence = performance.now();
      const lags = () => Promise.all(pids.map((pid, i) => loopLag(pid, lagFile(i))));
      await lags(); // starts the servers' readings from here
      const connectStarted = performance.now();
      const BATCH = Number(process.env.BENCH_CHAT_BATCH ?? 20); // sockets opening together
      for (let i = 0; i < members.length; i += BATCH) {
        await Promise.all(
          members.slice(i, i + BATCH).map(
            (m, j) =>
              new Promise<void>((resolve, reject) => {
                const socket = new WebSocket(`${base(serverOf(i + j)).replace('http', 'ws')}/api/ws`);
                m.socket = socket;
                socket.once('error', reject);
                socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token: m.token })));
                socket.on('message', (raw) => {
                  const text = raw.toString();
                  const frame = JSON.parse(text) as { type: string; data?: { messageId?: string; message?: { who?: string }; statuses?: unknown[] } };
                  counting.total++;
                  counting.bytes += text.length;
                  if (frame.type === 'chat.status' || frame.type === 'chat.statuses') {
                    counting.presence++;
                    counting.entries += frame.data?.statuses?.length ?? 1;
                    lastPresence = performance.now();
                  }
                  if (frame.type === 'ready') resolve();
                  if (frame.type !== 'chat.message' || !frame.data?.messageId) return;
                  const id = frame.data.messageId;
                  const t = sentAt.get(id);
                  if (t === undefined || frame.data.message?.who === m.id) return;
                  const n = (received.get(id) ?? 0) + 1;
                  received.set(id, n);
                  if (n === 1) latencies.push(performance.now() - t);
                });
                socket.once('close', (code, reason) => reject(new Error(`socket fermée (${code} ${reason.toString()}, serveur ${serverOf(i + j)})`)));
              }),
          ),
        );
      }
      const connectSeconds = (performance.now() - connectStarted) / 1000;
      // Presence settles: no status frame on any socket for SETTLE_QUIET_MS (capped), before measuring.
      const connected = performance.now();
      const settleCap = Number(process.env.BENCH_CHAT_SETTLE_MAX ?? 120) * 1000;
      while (performance.now() - lastPresence < SETTLE_QUIET_MS && performance.now() - connected < settleCap) await sleep(100);
      const settleSeconds = performance.now() - connected < settleCap ? (lastPresence > connected ? lastPresence - connected : 0) / 1000 : null;
      const connectLag = await lags();
      rss.connected = pids.map(rssMb);
      counting = counts.messages;

      // Open loop: one message every 1000/rate ms whatever the answers, each pair in turn, the
      // sender alternating inside the pair (30 per minute per user stays far away).
      const pairs = total / 2;
      const messages = Math.round(rate * seconds);
      const inflight: Promise<void>[] = [];
      let sampling = !!process.env.BENCH_CHAT_SAMPLE;
      const seen = new Map<string, number>();
      const sampler = (async () => {
        while (sampling) {
          const { rows } = await db.query(`select coalesce(wait_event_type || ':' || wait_event, 'cpu') as w, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q from pg_stat_activity where state = 'active' and pid <> pg_backend_pid() and datname = 'wellbe_chat' and query not like '%LISTEN%'`);
          for (const r of rows) seen.set(`${r.w} | ${r.q}`, (seen.get(`${r.w} | ${r.q}`) ?? 0) + 1);
          await sleep(20);
        }
        for (const [k, v] of [...seen].sort((x, y) => y[1] - x[1]).slice(0, 25)) console.log(String(v).padStart(6), k);
      })();
      const started = performance.now();
      let failed = 0;
      for (let n = 0; n < messages; n++) {
        const due = started + (n * 1000) / rate;
        const wait = due - performance.now();
        if (wait > 1) await sleep(wait);
        const p = n % pairs;
        const from = members[2 * p + (Math.floor(n / pairs) % 2)];
        const id = randomUUID();
        const t = performance.now();
        sentAt.set(id, t);
        inflight.push(
          fetch(`${base(serverOf(members.indexOf(from)))}/api/chat/send-message`, {
            method: 'POST',
            headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ chatId: chats[p], messageText: `Message de charge ${n}`, id }),
          }).then(
            async (res) => {
              await res.arrayBuffer();
              if (!res.ok) failed++;
              sendTimes.push(performance.now() - t);
            },
            () => void failed++,
          ),
        );
      }
      await Promise.all(inflight);
      sampling = false;
      await sampler;
      await sleep(2000);
      const messagesLag = await lags();
      rss.after = pids.map(rssMb);
      for (const m of members) m.socket?.removeAllListeners('close');
      await Promise.all(
        members.map(
          (m) =>
            new Promise<void>((resolve) => {
              if (!m.socket || m.socket.readyState === WebSocket.CLOSED) return resolve();
              m.socket.once('close', () => resolve());
              m.socket.close();
            }),
        ),
      );
      if (failed) console.log(`[bench] chat : ${failed} envois refusés ou en échec`);
      latencies.sort((a, b) => a - b);
      sendTimes.sort((a, b) => a - b);
      const twice = [...received.values()].filter((v) => v > 1).length;
      return {
        servers: count,
        sent: messages - failed,
        delivered: received.size,
        lost: messages - failed - received.size,
        twice,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? NaN,
        sendP95: percentile(sendTimes, 95),
        rss,
        connectSeconds,
        settleSeconds,
        frames: counts,
        lag: { connect: connectLag, messages: messagesLag },
      };
    };

    console.log(`\n[bench] chat : ${total} sockets (${total} comptes, ${total / 2} conversations), ${rate} messages/s pendant ${seconds} s`);
    const results = [await phase(1)];
    await start(1);
    results.push(await phase(2));
    const mb = (v: number[]) => v.map((x) => x.toFixed(0)).join(' + ');
    const f = (v: number) => v.toFixed(1).padStart(7);
    console.log('serveurs  envoyés  reçus  non reçus (2 s après)  doublés  livraison p50    p95    p99    max   envoi p95   connexion');
    for (const r of results) {
      console.log(
        `${String(r.servers).padStart(8)} ${String(r.sent).padStart(8)} ${String(r.delivered).padStart(6)} ${String(r.lost).padStart(22)} ${String(r.twice).padStart(8)}         ${f(r.p50)}${f(r.p95)}${f(r.p99)}${f(r.max)}     ${f(r.sendP95)}   ${r.connectSeconds.toFixed(1)} s`,
      );
    }
    const fc = (c: FrameCount) => `${c.total} trames (${(c.bytes / 1e6).toFixed(1)} Mo), dont ${c.presence} de présence portant ${c.entries} changements`;
    const lg = (l: Lag[]) => l.map((x) => `p50 ${x.p50} / p99 ${x.p99} / max ${x.max} ms`).join(' + ');
    for (const r of results) {
      console.log(`[bench] chat, ${r.servers} serveur(s) : présence stabilisée ${r.settleSeconds === null ? 'NON (plafond atteint)' : `${r.settleSeconds.toFixed(1)} s`} après la dernière connexion`);
      console.log(`[bench] chat, ${r.servers} serveur(s) : reçu en connexion ${fc(r.frames.connect)} ; pendant les messages ${fc(r.frames.messages)}`);
      console.log(`[bench] chat, ${r.servers} serveur(s) : délai de boucle en connexion ${lg(r.lag.connect)} ; pendant les messages ${lg(r.lag.messages)}`);
    }
    for (const r of results) console.log(`[bench] chat, ${r.servers} serveur(s) : RSS ${mb(r.rss.idle)} Mo au repos, ${mb(r.rss.connected)} Mo sockets connectées, ${mb(r.rss.after)} Mo après les messages`);
    const worst = Math.max(...results.map((r) => r.p95));
    console.log(`[bench] chat : livraison p95 max ${worst.toFixed(1)} ms (budget 50 ms) ${worst <= 50 ? 'respecté' : 'DÉPASSÉ'}`);
  } finally {
    for (const s of servers) await stop(s);
    await db.end();
    await stopPg();
    release();
  }
}

/**
 * `total` staff accounts of the demo practice (bench-chat-0001…), created once, each with a session
 * and a signed token (the bench knows the servers' JWT_SECRET): no password hashing to wait for.
 */
async function accounts(db: pg.Pool, key: Uint8Array, total: number): Promise<Member[]> {
  const { rows: orgs } = await db.query<{ organization_id: string }>(`select organization_id from users where username = 'pr'`);
  const org = orgs[0]?.organization_id;
  if (!org) throw new Error('données de démonstration absentes (utilisateur pr)');
  await db.query(
    `insert into users (organization_id, username, email, role, first_name, last_name, display_name)
     select $1, 'bench-chat-' || lpad(n::text, 4, '0'), 'bench-chat-' || lpad(n::text, 4, '0') || '@bench.invalid', 'PR', 'Charge', lpad(n::text, 4, '0'), 'Charge ' || lpad(n::text, 4, '0')
     from generate_series(1, $2::int) n
     on conflict do nothing`,
    [org, total],
  );
  // The policies pr accepted (the demo data's), accepted by them too: no consent screen in the way.
  await db.query(
    `insert into policy_acceptances (user_id, organization_id, version_id, via)
     select u.id, u.organization_id, a.version_id, 'seed' from users u
     cross join (select distinct version_id from policy_acceptances where user_id = (select id from users where username = 'pr')) a
     where u.username like 'bench-chat-%' and not exists (select 1 from policy_acceptances p where p.user_id = u.id and p.version_id = a.version_id)`,
  );
  const { rows } = await db.query<{ id: string; token_version: number }>(
    `select id, token_version from users where username like 'bench-chat-%' and organization_id = $1 order by username limit $2`,
    [org, total],
  );
  const members: Member[] = [];
  for (const u of rows) {
    const { rows: s } = await db.query<{ id: string }>(
      `insert into user_sessions (user_id, created_at, last_seen_at, expires_at, method) values ($1, now(), now(), now() + interval '12 hours', 'bench') returning id`,
      [u.id],
    );
    members.push({ id: u.id, token: await signToken(key, systemClock, { sub: u.id, org, role: 'PR', tv: u.token_version, sid: s[0].id }) });
  }
  return members;
}
