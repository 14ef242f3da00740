import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
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

// Secrets kept in the database (an organisation's signing key) are sealed with a key derived from
// the server's secret: a copy of the database alone does not reveal them. One derived key per purpose,
// so a sealed value of one kind is never accepted as another.
function sealingKey(serverKey: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), `wellbe:${purpose}`, 32));
}

/** AES-256-GCM under a key derived from the server's secret: `v1.<iv>.<ciphertext>.<tag>` (base64url). */
export function sealSecret(serverKey: Uint8Array, purpose: string, plain: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/** Opens a value of `sealSecret`; null when it was sealed under another secret or altered. */
export function openSecret(serverKey: Uint8Array, purpose: string, sealed: string): Buffer | null {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== 'v1' || !iv || !body || !tag) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(serverKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}
