import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** JWT_SECRET, or one generated once and kept in DATA_DIR/jwt-secret with 0600 permissions. */
export function loadJwtKey(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const file = path.join(dataDir, 'jwt-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  fs.chmodSync(file, 0o600);
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}
