import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import forge from 'node-forge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_PKCS12_ITERATIONS } from './pkcs12-cost.ts';
import { Pkcs12Error, readPkcs12, selfSignedKey, signWithKey, verifyPdfSignature } from './pdf-signing.ts';

const NOW = new Date('2026-03-14T10:00:00Z');
const INFO = { reason: 'Ordonnance', name: 'Dr Test', location: 'Paris', contactInfo: 'cabinet@example.fr' };

function samplePdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

describe('pdf signing', () => {
  const key = selfSignedKey('Cabinet Démo', NOW);

  it('signs a pdfkit PDF over the whole file; one altered byte breaks the signature', async () => {
    const signed = await signWithKey(await samplePdf('Amoxicilline 1 g'), key, INFO, NOW);
    const check = verifyPdfSignature(signed);
    expect(check).toMatchObject({ valid: true, signer: 'Cabinet Démo' });
    const [a, b, c, d] = check.byteRange!;
    expect(a).toBe(0);
    expect(c + d).toBe(signed.length);
    expect(signed.subarray(b, c).toString('latin1')).toMatch(/^<[0-9a-f]+>$/);
    expect(signed.toString('latin1')).toContain('/SubFilter /adbe.pkcs7.detached');

    const altered = Buffer.from(signed);
    const at = signed.indexOf('Amoxicilline') >= 0 ? signed.indexOf('Amoxicilline') : 20;
    altered[at] ^= 1;
    expect(verifyPdfSignature(altered).valid).toBe(false);
    const tail = Buffer.from(signed);
    tail[tail.length - 3] ^= 1;
    expect(verifyPdfSignature(tail).valid).toBe(false);
  });

  it('refuses an unsigned PDF', async () => {
    expect(verifyPdfSignature(await samplePdf('x')).valid).toBe(false);
  });

  it('reads an uploaded PKCS#12 with its password, refuses a wrong password or a file that is not one', async () => {
    const cert = forge.pki.certificateFromPem(key.certificatePem);
    const own = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), key.passphrase);
    const bags = own.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]!;
    const uploaded = Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(bags[0].key!, [cert], 'secret-admin', { algorithm: 'aes256' })).getBytes(), 'binary');

    const read = readPkcs12(uploaded, 'secret-admin', NOW);
    expect(read.fingerprint).toBe(key.fingerprint);
    const signed = await signWithKey(await samplePdf('Certificat'), read, INFO, NOW);
    expect(verifyPdfSignature(signed).valid).toBe(true);

    expect(() => readPkcs12(uploaded, 'mauvais', NOW)).toThrow(new Pkcs12Error('password'));
    expect(() => readPkcs12(Buffer.from('%PDF-1.4 not a certificate'), 'x', NOW)).toThrow(new Pkcs12Error('invalid'));
    expect(() => readPkcs12(uploaded, 'secret-admin', new Date('2040-01-01'))).toThrow(new Pkcs12Error('expired'));
  });

  it('reads a PKCS#12 written by OpenSSL 3 (AES-256, SHA-256 MAC)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'p12-'));
    try {
      fs.writeFileSync(path.join(dir, 'key.pem'), forge.pki.privateKeyToPem(forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), key.passphrase).getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]![0].key!));
      fs.writeFileSync(path.join(dir, 'cert.pem'), key.certificatePem);
      try {
        execFileSync('openssl', ['pkcs12', '-export', '-inkey', 'key.pem', '-in', 'cert.pem', '-out', 'out.p12', '-passout', 'pass:ouvre'], { cwd: dir, stdio: 'ignore' });
      } catch {
        return; // no openssl on this machine: the forge-written file above covers the format
      }
      expect(readPkcs12(fs.readFileSync(path.join(dir, 'out.p12')), 'ouvre', NOW).fingerprint).toBe(key.fingerprint);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('a PKCS#12 that names huge iteration counts', () => {
    const HUGE = 0x7fffffff;
    const cert = forge.pki.certificateFromPem(key.certificatePem);
    const own = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), key.passphrase);
    const privateKey = own.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]![0].key!;
    const nodes = (n: forge.asn1.Asn1) => n.value as forge.asn1.Asn1[];
    const der = (n: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(n).getBytes(), 'binary');

    // The key derivations forge runs, each refused above the bound (so the old code fails at once
    // instead of running 2^31 rounds); what was asked is kept to be checked.
    const asked: number[] = [];
    function watch(owner: object, name: string, countAt: number) {
      const target = owner as Record<string, (...args: unknown[]) => unknown>;
      const original = target[name];
      vi.spyOn(target, name).mockImplementation((...args: unknown[]) => {
        asked.push(args[countAt] as number);
        if ((args[countAt] as number) > MAX_PKCS12_ITERATIONS) throw new Error('a huge key derivation ran');
        return original.apply(owner, args);
      });
    }
    afterEach(() => {
      vi.restoreAllMocks();
      asked.length = 0;
    });

    it('refuses a MAC of 2^31 iterations without deriving its key, and still reads a normal file', () => {
      watch(forge.pkcs12, 'generateKey', 3);
      const pfx = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], 'secret-admin', { algorithm: 'aes256' });
      const normal = der(pfx);
      // macData's iterations INTEGER, rewritten after the MAC was made.
      nodes(nodes(pfx)[2])[2].value = forge.asn1.integerToDer(HUGE).getBytes();
      expect(() => readPkcs12(der(pfx), 'secret-admin', NOW)).toThrow(new Pkcs12Error('too_costly'));
      expect(asked.filter((n) => n > MAX_PKCS12_ITERATIONS)).toEqual([]);
      expect(readPkcs12(normal, 'secret-admin', NOW).fingerprint).toBe(key.fingerprint);
    });

    it('refuses a shrouded key of 2^31 PBKDF2 iterations without deriving its key', () => {
      watch(forge.pkcs5, 'pbkdf2', 2);
      const pfx = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], 'secret-admin', { algorithm: 'aes256', useMac: false });
      // AuthenticatedSafe → ContentInfo → SafeContents → shrouded key bag → PBES2 → PBKDF2 params.
      const authSafe = nodes(nodes(nodes(pfx)[1])[1])[0];
      const infos = forge.asn1.fromDer(authSafe.value as string);
      for (const info of nodes(infos)) {
        const data = nodes(nodes(info)[1])[0];
        const bags = forge.asn1.fromDer(data.value as string);
        for (const bag of nodes(bags)) {
          if (forge.asn1.derToOid(nodes(bag)[0].value as string) !== forge.pki.oids.pkcs8ShroudedKeyBag) continue;
          const pbes2 = nodes(nodes(nodes(nodes(bag)[1])[0])[0])[1];
          nodes(nodes(nodes(pbes2)[0])[1])[1].value = forge.asn1.integerToDer(HUGE).getBytes();
        }
        data.value = forge.asn1.toDer(bags).getBytes();
      }
      authSafe.value = forge.asn1.toDer(infos).getBytes();
      expect(() => readPkcs12(der(pfx), 'secret-admin', NOW)).toThrow(new Pkcs12Error('too_costly'));
      expect(asked.filter((n) => n > MAX_PKCS12_ITERATIONS)).toEqual([]);
    });

    it('refuses a file that spreads its cost over many parts, each under the bound', () => {
      watch(forge.pkcs5, 'pbkdf2', 2);
      // One shrouded key at 90 000 PBKDF2 rounds, its part copied four times: 360 000 in all.
      const pfx = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], 'secret-admin', { algorithm: 'aes256', useMac: false, count: 90_000 });
      asked.length = 0;
      const authSafe = nodes(nodes(nodes(pfx)[1])[1])[0];
      const infos = forge.asn1.fromDer(authSafe.value as string);
      const keyPart = nodes(infos).find((info) => forge.asn1.toDer(info).getBytes().includes(forge.asn1.oidToDer(forge.pki.oids.pkcs8ShroudedKeyBag).getBytes()))!;
      nodes(infos).push(keyPart, keyPart, keyPart);
      authSafe.value = forge.asn1.toDer(infos).getBytes();
      expect(() => readPkcs12(der(pfx), 'secret-admin', NOW)).toThrow(new Pkcs12Error('too_costly'));
      expect(asked).toEqual([]);
    });
  });
});
