import forge from 'node-forge';

// What reading an uploaded PKCS#12 will cost, checked before node-forge reads it. forge derives the
// MAC key and each decryption key with the iteration counts the file names, with no bound, in pure
// JavaScript on the event loop: a count of 2^31 blocks the server for hours. Real files use 2 048
// (OpenSSL, macOS), 2 000 (Windows) or 10 000 (Java's keytool); 100 000 leaves room for a careful
// exporter and is still well under a second in forge.
export const MAX_PKCS12_ITERATIONS = 100_000;
// The whole file: a MAC, the certificates' encryption and the key's, each at the bound at most. A
// file cannot stay under it by spreading its cost over many encrypted parts.
const MAX_TOTAL_ITERATIONS = 3 * MAX_PKCS12_ITERATIONS;

type Asn1 = forge.asn1.Asn1;
const { Class, Type } = forge.asn1;
const oids = forge.pki.oids;

// forge's readers accept BER as it does (strict off), so the walk sees the tree forge will see.
const fromBer = (bytes: string) => forge.asn1.fromDer(bytes, false);
const decryptCipher = (forge.pki as unknown as { pbe: { getCipher(oid: string, params: Asn1, password: string): forge.cipher.BlockCipher } }).pbe.getCipher;

function children(node: Asn1 | undefined): Asn1[] {
  return node && Array.isArray(node.value) ? (node.value as Asn1[]) : [];
}

function oidOf(node: Asn1 | undefined): string | null {
  return node && node.tagClass === Class.UNIVERSAL && node.type === Type.OID && typeof node.value === 'string' ? forge.asn1.derToOid(node.value) : null;
}

/** The bytes of a string node, joined when sent in chunks (BER), as forge joins them. */
function joined(node: Asn1): string {
  if (typeof node.value === 'string') return node.value;
  return children(node)
    .map((c) => (typeof c.value === 'string' ? c.value : ''))
    .join('');
}

function octets(node: Asn1 | undefined): string | null {
  return node && node.tagClass === Class.UNIVERSAL && node.type === Type.OCTETSTRING ? joined(node) : null;
}

/** Counts the iterations a file asks for; false as soon as one count or their sum is too high. */
class Budget {
  private spent = 0;
  ok = true;

  /** An INTEGER read as forge reads it (unsigned, big-endian), stopped as soon as it passes the bound. */
  spend(node: Asn1 | undefined) {
    if (!node || node.tagClass !== Class.UNIVERSAL || node.type !== Type.INTEGER || typeof node.value !== 'string') return;
    let count = 0;
    for (let i = 0; i < node.value.length && count <= MAX_PKCS12_ITERATIONS; i++) count = count * 256 + node.value.charCodeAt(i);
    this.spent += count;
    if (count > MAX_PKCS12_ITERATIONS || this.spent > MAX_TOTAL_ITERATIONS) this.ok = false;
  }

  /**
   * An AlgorithmIdentifier of password-based encryption: every INTEGER of its parameters counts
   * (PBES2: the PBKDF2 iteration count and key length; PKCS#12 PBE: the iterations), so no
   * parameter layout forge accepts escapes the bound. The parameters are a few nodes deep.
   */
  spendAlgorithm(algorithm: Asn1 | undefined) {
    const stack = children(algorithm).slice(1);
    while (stack.length) {
      const node = stack.pop()!;
      this.spend(node);
      stack.push(...children(node));
    }
  }
}

/** SafeContents: each shrouded key bag's encryption counts. */
function walkSafeContents(bytes: string, budget: Budget) {
  // forge reads empty contents as no bag (the parser would refuse them and end the walk early).
  if (!bytes.length) return;
  for (const bag of children(fromBer(bytes))) {
    const [bagId, value] = children(bag);
    if (oidOf(bagId) === oids.pkcs8ShroudedKeyBag) budget.spendAlgorithm(children(children(value)[0])[0]);
  }
}

/**
 * EncryptedData: its encryption counts, then the bags inside, decrypted with the password once
 * their cost is known to be bounded. A part that does not decrypt is left to forge, which fails on
 * it the same way before reading any bag inside.
 */
function walkEncryptedData(encryptedData: Asn1 | undefined, password: string, budget: Budget) {
  const [, info] = children(encryptedData);
  const [, algorithm, content] = children(info);
  budget.spendAlgorithm(algorithm);
  const algorithmOid = oidOf(children(algorithm)[0]);
  if (!budget.ok || !algorithmOid || !content) return;
  let plain: string;
  try {
    const cipher = decryptCipher(algorithmOid, children(algorithm)[1], password);
    cipher.update(forge.util.createBuffer(joined(content)));
    if (!cipher.finish()) return;
    plain = cipher.output.getBytes();
  } catch {
    return;
  }
  walkSafeContents(plain, budget);
}

/**
 * Whether every iteration count of a parsed PKCS#12 (the MAC's, each encrypted part's, each
 * shrouded key's, inside the encrypted parts too) and their sum stay within the bounds. Linear in
 * the file: each part is parsed once more than forge parses it, and decrypted at most once more.
 * A file of another shape passes: forge refuses it without deriving any key.
 */
export function pkcs12CostBounded(pfx: Asn1, password: string): boolean {
  const budget = new Budget();
  const [, authSafe, macData] = children(pfx);
  if (macData) budget.spend(children(macData)[2]);
  const authBytes = octets(children(children(authSafe)[1])[0]);
  if (!budget.ok || authBytes == null) return budget.ok;
  try {
    for (const contentInfo of children(fromBer(authBytes))) {
      const [type, wrapped] = children(contentInfo);
      const content = children(wrapped)[0];
      const oid = oidOf(type);
      if (oid === oids.data) {
        const bytes = octets(content);
        if (bytes != null) walkSafeContents(bytes, budget);
      } else if (oid === oids.encryptedData) walkEncryptedData(content, password, budget);
      if (!budget.ok) return false;
    }
  } catch {
    // Not BER where a PKCS#12 has it: forge refuses the file before any key derivation there.
  }
  return budget.ok;
}
