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

// Secrets kept in the database (an organisation's signing key, an identity provider's client secret,
// a second factor's TOTP secret) are sealed with a key derived from the server's secret: a copy of the
// database alone does not reveal them. One derived key per purpose, so a sealed value of one kind is
// never accepted as another.
function sealingKey(serverKey: Uint8Array, purpose: string, salt = ''): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, salt, `wellbe:${purpose}`, 32));
}

/** AES-256-GCM under a key derived from the server's secret: `v1.<iv>.<ciphertext>.<tag>` (base64url). */
export function sealSecret(serverKey: Uint8Array, purpose: string, plain: Buffer | string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(serverKey, purpose), iv);
  const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
  return ['v1', iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

function decrypt(key: Buffer, iv: string, body: string, tag: string): Buffer | null {
  try {
    // A full 16-byte tag only: GCM would otherwise accept a truncated one, far easier to forge.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: 16 });
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  } catch {
    return null;
  }
}

// Identity providers' client secrets were first sealed by a second module, also marked `v1` but with
// the salt 'wellbe-sealed' and the tag before the ciphertext (`v1.<iv>.<tag>.<ciphertext>`). Rows of
// oidc_providers saved then still hold that layout until their secret is saved again, so it is still
// opened: GCM's tag tells the two apart (a value read in the wrong layout fails authentication).
const LEGACY_SALT = 'wellbe-sealed';

/** Opens a value of `sealSecret` (or of the former layout); null when sealed under another secret or purpose, or altered. */
export function openSecret(serverKey: Uint8Array, purpose: string, sealed: string): Buffer | null {
  const [version, iv, third, fourth, ...rest] = sealed.split('.');
  if (version !== 'v1' || !iv || third === undefined || fourth === undefined || rest.length > 0) return null;
  return decrypt(sealingKey(serverKey, purpose), iv, third, fourth) ?? decrypt(sealingKey(serverKey, purpose, LEGACY_SALT), iv, fourth, third);
}
