import fs from 'node:fs';
import path from 'node:path';

// CPU time of the bench's processes, read from /proc (Linux): the app server and the embedded
// PostgreSQL (its postmaster and the backends it forked).

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds used by a process (and, with `children`, every direct child of it). */
export function cpuSeconds(pid: number, children = false): number {
  const read = (p: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and cutime + cstime: the children it has waited for (a PostgreSQL backend or
      // autovacuum worker that ended during a measure moves its time there; without it the sum fell).
      return { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICKS, exited: (Number(f[13]) + Number(f[14])) / TICKS };
    } catch {
      return null;
    }
  };
  const self = read(pid);
  let total = self?.cpu ?? 0;
  if (children) {
    total += self?.exited ?? 0;
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const s = read(Number(name));
      if (s && s.ppid === pid) total += s.cpu;
    }
  }
  return total;
}

/** The embedded PostgreSQL's postmaster under a data directory (null: none, or an external server). */
export function postgresPid(dataDir: string): number | null {
  return postgresPidFile(path.join(dataDir, 'pg', 'postmaster.pid'));
}

/** The postmaster of a PostgreSQL by its `postmaster.pid` (an external server on this machine). */
export function postgresPidFile(file: string): number | null {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}
