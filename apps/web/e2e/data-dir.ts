import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

/**
 * The e2e server's DATA_DIR (its embedded PostgreSQL, its mails): in the system's temporary folder,
 * one per checkout and port — as root, PostgreSQL runs as the `postgres` user, who cannot go into a
 * checkout made in a 0700 folder (`git clone . $(mktemp -d)/w`).
 */
export function e2eDataDir(root: string, port: number | string): string {
  return path.join(os.tmpdir(), `wellbe-e2e-${createHash('sha256').update(root).digest('hex').slice(0, 12)}-${port}`);
}
