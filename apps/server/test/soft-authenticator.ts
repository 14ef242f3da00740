import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

// A software WebAuthn authenticator for the API tests: an ES256 key pair, "none" attestation, and
// the client data a browser would build. It signs exactly what a real authenticator signs, so the
// server's verification is the real one.

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export class SoftAuthenticator {
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16);
  private counter = 0;
  private userHandle: string | null = null;

  constructor(private readonly origin = 'http://localhost:3000') {}

  private get rpId() {
    return new URL(this.origin).hostname;
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authenticatorData(flags: number, attested: boolean): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const parts: Uint8Array[] = [sha256(this.rpId), Buffer.from([flags]), counter];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, this.coseKey());
    }
    return Buffer.concat(parts);
  }

  /** Answers `navigator.credentials.create()` for server options. */
  register(options: { challenge: string; user: { id: string } }) {
    this.userHandle = options.user.id;
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    const attestation = new Map<string, string | Uint8Array | Map<string, string>>();
    attestation.set('fmt', 'none');
    attestation.set('attStmt', new Map<string, string>());
    attestation.set('authData', new Uint8Array(this.authenticatorData(0x45, true))); // user present + verified + attested data
    const attestationObject = isoCBOR.encode(attestation);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key' as const,
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /** Answers `navigator.credentials.get()` for server options; `tamper` breaks the signature. */
  assert(options: { challenge: string }, tamper = false) {
    this.counter += 1;
    const authenticatorData = this.authenticatorData(0x05, false); // user present + verified
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: this.origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    if (tamper) signature[signature.length - 1] ^= 0xff;
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}
