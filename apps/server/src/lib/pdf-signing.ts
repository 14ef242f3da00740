import { createHash, generateKeyPairSync, randomBytes, verify as verifySignature, X509Certificate } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { pkcs12CostBounded } from './pkcs12-cost.ts';

// The cryptography of signed PDFs (PKCS#7 detached, the PAdES-compatible form a PDF reader shows as a
// signature), with no table and no organisation: the signing module keeps each organisation's key
// and calls these. node-forge builds and reads PKCS#12 and PKCS#7; Node's crypto makes the RSA key
// (forge's pure-JS generation takes seconds) and checks signatures.

/** A signing identity ready for @signpdf's P12Signer: the PKCS#12 and its (internal) passphrase. */
export interface SigningKey {
  p12: Buffer;
  passphrase: string;
  certificatePem: string;
  /** The certificate's common name (who a PDF reader says signed). */
  subject: string;
  notAfter: Date;
  /** SHA-256 of the certificate's DER, hexadecimal. */
  fingerprint: string;
}

/** What a PDF reader shows beside the signature. */
export interface SignatureInfo {
  reason: string;
  name: string;
  location: string;
  contactInfo: string;
}

/** Why an uploaded PKCS#12 was refused; the signing module words it in French. */
export class Pkcs12Error extends Error {
  constructor(readonly reason: 'invalid' | 'password' | 'no_key' | 'expired' | 'too_costly') {
    super(reason);
  }
}

// Room for a chain of a few certificates (an uploaded PKCS#12 may carry its CA's).
const SIGNATURE_LENGTH = 16384;
const SELF_SIGNED_YEARS = 10;

function wrap(key: forge.pki.rsa.PrivateKey, chain: forge.pki.Certificate[]): SigningKey {
  // The PKCS#12 is re-made with a random passphrase: stored sealed with the server's secret, it never
  // keeps the password an administrator typed.
  const passphrase = randomBytes(24).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, chain, passphrase, { algorithm: '3des' });
  const leaf = chain[0];
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(leaf)).getBytes(), 'binary');
  const cn = leaf.subject.getField('CN') as { value: string } | null;
  return {
    p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'),
    passphrase,
    certificatePem: forge.pki.certificateToPem(leaf),
    subject: cn?.value ?? '',
    notAfter: leaf.validity.notAfter,
    fingerprint: createHash('sha256').update(der).digest('hex'),
  };
}

/** A self-signed certificate for an organisation (used until an administrator uploads their own). */
export function selfSignedKey(commonName: string, now: Date): SigningKey {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setFullYear(cert.validity.notAfter.getFullYear() + SELF_SIGNED_YEARS);
  const attrs = [
    { shortName: 'CN', value: commonName.slice(0, 64) || 'WellBe' },
    { shortName: 'O', value: commonName.slice(0, 64) || 'WellBe' },
    { shortName: 'C', value: 'FR' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return wrap(key, [cert]);
}

/** Reads an uploaded PKCS#12 with its password: its private key and the certificate that matches it. */
export function readPkcs12(bytes: Buffer, password: string, now: Date): SigningKey {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    // Before forge derives any key: it runs whatever iteration counts the file names.
    if (!pkcs12CostBounded(asn1, password)) throw new Pkcs12Error('too_costly');
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch {
      throw new Pkcs12Error('password');
    }
  } catch (err) {
    throw err instanceof Pkcs12Error ? err : new Pkcs12Error('invalid');
  }
  const bag = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const key = [...bag(forge.pki.oids.pkcs8ShroudedKeyBag), ...bag(forge.pki.oids.keyBag)].find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  const certs = bag(forge.pki.oids.certBag).flatMap((b) => (b.cert ? [b.cert] : []));
  if (!key || !key.n) throw new Pkcs12Error('no_key');
  const leaf = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(key.n) && pub.e?.equals(key.e);
  });
  if (!leaf) throw new Pkcs12Error('no_key');
  if (leaf.validity.notAfter.getTime() <= now.getTime()) throw new Pkcs12Error('expired');
  return wrap(key, [leaf, ...certs.filter((c) => c !== leaf)]);
}

/** Signs a finished PDF: a signature field added as an incremental update, then its PKCS#7 detached signature. */
export async function signWithKey(pdf: Buffer, key: SigningKey, info: SignatureInfo, signingTime: Date): Promise<Buffer> {
  const prepared = plainAddPlaceholder({
    pdfBuffer: pdf,
    ...info,
    signingTime,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
    appName: 'WellBe',
  });
  return new SignPdf().sign(prepared, new P12Signer(key.p12, { passphrase: key.passphrase }), signingTime);
}

/** What `verifyPdfSignature` found. */
export interface SignatureCheck {
  valid: boolean;
  /** The signer certificate's common name, when the signature could be read. */
  signer: string | null;
  byteRange: number[] | null;
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

// forge's fromDer takes options (parseAllBytes) its type declarations do not list.
const fromDerPrefix = forge.asn1.fromDer as unknown as (bytes: forge.util.ByteStringBuffer, options: { parseAllBytes: boolean }) => forge.asn1.Asn1;

function child(node: forge.asn1.Asn1, index: number): forge.asn1.Asn1 | undefined {
  return Array.isArray(node.value) ? (node.value[index] as forge.asn1.Asn1) : undefined;
}

/**
 * Checks the last signature of a PDF the way a reader does: the /ByteRange covers the whole file but
 * the signature itself, the signed attributes' digest is the digest of those bytes, and the
 * certificate's key verifies the signed attributes. Any changed byte makes it invalid.
 */
export function verifyPdfSignature(pdf: Buffer): SignatureCheck {
  const text = pdf.toString('latin1');
  const found = [...text.matchAll(BYTE_RANGE)].at(-1);
  if (!found) return { valid: false, signer: null, byteRange: null };
  const [a, b, c, d] = found.slice(1, 5).map(Number);
  const byteRange = [a, b, c, d];
  if (a !== 0 || c + d !== pdf.length || b >= c || pdf[b] !== 0x3c || pdf[c - 1] !== 0x3e) return { valid: false, signer: null, byteRange };
  try {
    const contents = Buffer.from(text.slice(b + 1, c - 1), 'hex');
    // The signature is padded with zeros to the placeholder's length: read the first DER value only.
    const asn1 = fromDerPrefix(forge.util.createBuffer(contents.toString('binary')), { parseAllBytes: false });
    const message = forge.pkcs7.messageFromAsn1(asn1) as forge.pkcs7.PkcsSignedData & { rawCapture: { signerInfos: forge.asn1.Asn1[] } };
    const signerInfo = message.rawCapture.signerInfos[0];
    const parts = signerInfo.value as forge.asn1.Asn1[];
    const attributes = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    const signature = parts.at(-1)?.type === forge.asn1.Type.OCTETSTRING ? parts.at(-1) : parts.find((p, i) => i > 3 && p.type === forge.asn1.Type.OCTETSTRING);
    if (!attributes || !signature) return { valid: false, signer: null, byteRange };
    const digest = createHash('sha256').update(pdf.subarray(a, b)).update(pdf.subarray(c, c + d)).digest();
    const messageDigest = (attributes.value as forge.asn1.Asn1[]).find((attr) => forge.asn1.derToOid(child(attr, 0)!.value as string) === forge.pki.oids.messageDigest);
    const stated = messageDigest ? Buffer.from(child(child(messageDigest, 1)!, 0)!.value as string, 'binary') : null;
    const cert = message.certificates[0];
    const signer = (cert.subject.getField('CN') as { value: string } | null)?.value ?? null;
    if (!stated || !stated.equals(digest)) return { valid: false, signer, byteRange };
    // The signature covers the signed attributes encoded as a SET (RFC 5652 §5.4), not as the [0] field.
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes.value as forge.asn1.Asn1[]);
    const signedBytes = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
    const publicKey = new X509Certificate(forge.pki.certificateToPem(cert)).publicKey;
    const valid = verifySignature('sha256', signedBytes, publicKey, Buffer.from(signature.value as string, 'binary'));
    return { valid, signer, byteRange };
  } catch {
    return { valid: false, signer: null, byteRange };
  }
}
