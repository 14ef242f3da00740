import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets WellBe must give back to a third party (an identity provider's client secret) are kept
// sealed at rest: AES-256-GCM under a key derived from the server's secret (JWT_SECRET or
// DATA_DIR/jwt-secret), so a copy of the database alone does not reveal them. Each purpose derives
// its own key, so a value sealed for one use cannot be opened as another.

const VERSION = 'v1';

function keyFor(serverKey: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverKey, 'wellbe-sealed', `wellbe:${purpose}`, 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function seal(serverKey: Uint8Array, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverKey, purpose), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain value, or null when it was sealed under another key or altered. */
export function unseal(serverKey: Uint8Array, purpose: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(serverKey, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
