import fs from 'node:fs';
import path from 'node:path';

// One server per DATA_DIR: a second one would corrupt files and fight over the embedded database.
export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `pid` is a live Node process. After a crash and a reboot (or a container restart) the pid
 * in a stale lock file often belongs to an unrelated process: that must not lock the server out.
 * Where /proc is missing, any live process counts.
 */
function aliveServer(pid: number): boolean {
  if (!alive(pid)) return false;
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.some((arg) => path.basename(arg).startsWith('node'));
  } catch {
    return true;
  }
}

/** Takes DATA_DIR/wellbe.pid; returns its release. A lock left by a killed process is taken over. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'wellbe.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.rmSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid > 0 && pid !== process.pid && aliveServer(pid)) {
        throw new DataDirLockedError(
          `Un autre serveur WellBe (PID ${pid}) utilise déjà le dossier de données ${dataDir}. ` +
            'Arrêtez-le, ou donnez à ce serveur un autre DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Impossible de verrouiller le dossier de données ${dataDir}.`);
}
