import { and, eq, isNull } from 'drizzle-orm';
import forge from 'node-forge';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNING_MESSAGES } from '@wellbe/shared/schemas/signing';
import { auditEvents, signingCertificates } from '../../db/tables.ts';
import { systemScope } from '../../access/scope.ts';
import { selfSignedKey, verifyPdfSignature } from '../../lib/pdf-signing.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { signPdf } from './signing.service.ts';

let t: TestApp;
let pa: Session;

beforeAll(async () => {
  t = await createTestApp();
  pa = await t.login('pa');
});
afterAll(async () => {
  await t.close();
});

function pdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Facture F-2026-0001');
    doc.end();
  });
}

/** A PKCS#12 as an administrator would upload it (their own key, their password). */
function pkcs12(commonName: string, password: string, macIterations?: number): string {
  const key = selfSignedKey(commonName, new Date(t.clock.now()));
  const p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(key.p12.toString('binary')), key.passphrase);
  const bag = p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]![0];
  const pfx = forge.pkcs12.toPkcs12Asn1(bag.key!, [forge.pki.certificateFromPem(key.certificatePem)], password, { algorithm: 'aes256' });
  // The count macData names, written after forge made the MAC with its default (2 048).
  if (macIterations) ((pfx.value as forge.asn1.Asn1[])[2].value as forge.asn1.Asn1[])[2].value = forge.asn1.integerToDer(macIterations).getBytes();
  const der = forge.asn1.toDer(pfx).getBytes();
  return Buffer.from(der, 'binary').toString('base64');
}

const liveRows = () => t.handle.db.select().from(signingCertificates).where(and(eq(signingCertificates.organizationId, pa.idOrganization!), isNull(signingCertificates.archivedAt)));

describe('signing certificate', () => {
  it('makes one self-signed certificate at first use, even for concurrent first signatures, and keeps its key sealed', async () => {
    const scope = systemScope(pa.idOrganization!);
    const info = { reason: 'Facture', name: 'Cabinet', location: 'Paris', contactInfo: '' };
    const signed = await Promise.all([1, 2, 3].map(async () => signPdf(t.ctx, scope, await pdf(), info)));
    for (const s of signed) expect(verifyPdfSignature(s)).toMatchObject({ valid: true, signer: 'Cabinet Démo' });
    const rows = await liveRows();
    expect(rows).toHaveLength(1);
    expect(rows[0].source).toBe('generated');
    // Sealed (v1.<iv>.<ciphertext>.<tag>), never the key itself: no PEM block, no DER in base64 (which
    // starts « MII »). The ciphertext is random: it held the letters « MII » somewhere in about one run of 50.
    expect(rows[0].sealedKey).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(rows[0].sealedKey).not.toMatch(/PRIVATE KEY|^MII/);
    const res = await t.app.inject({ method: 'GET', url: '/api/signing-certificate', headers: pa.auth });
    expect(json(res).data).toMatchObject({ source: 'generated', subject: 'Cabinet Démo', fingerprint: rows[0].fingerprint });
  });

  it('refuses a file that is not a PKCS#12 and a wrong password in French, changing nothing', async () => {
    const before = await liveRows();
    const notP12 = await t.app.inject({ method: 'PUT', url: '/api/signing-certificate', headers: pa.auth, payload: { pkcs12: Buffer.from('%PDF-1.7 bonjour').toString('base64'), password: 'x' } });
    expect(notP12.statusCode).toBe(400);
    expect(json(notP12).error.message).toBe(SIGNING_MESSAGES.invalidFile);
    const wrong = await t.app.inject({ method: 'PUT', url: '/api/signing-certificate', headers: pa.auth, payload: { pkcs12: pkcs12('Dr Antoine Lefèvre', 'bon'), password: 'mauvais' } });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error.message).toBe(SIGNING_MESSAGES.wrongPassword);
    expect(await liveRows()).toEqual(before);
  });

  it('refuses a PKCS#12 whose MAC names 2^31 iterations in French, without running them, changing nothing', async () => {
    const before = await liveRows();
    const file = pkcs12('Dr Antoine Lefèvre', 'bon', 0x7fffffff);
    // forge's key derivation, stopped at once above 100 000 rounds (the old code ran 2^31 of them).
    const original = forge.pkcs12.generateKey;
    const derive = vi.spyOn(forge.pkcs12, 'generateKey').mockImplementation((...args: Parameters<typeof original>) => {
      if (args[3] > 100_000) throw new Error('a huge key derivation ran');
      return original(...args);
    });
    try {
      const res = await t.app.inject({ method: 'PUT', url: '/api/signing-certificate', headers: pa.auth, payload: { pkcs12: file, password: 'bon' } });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.message).toBe(SIGNING_MESSAGES.tooCostly);
      expect(derive.mock.calls.filter((args) => args[3] > 100_000)).toEqual([]);
    } finally {
      derive.mockRestore();
    }
    expect(await liveRows()).toEqual(before);
  });

  it("installs an administrator's own PKCS#12: later PDFs are signed with it, the change is journalled", async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/signing-certificate', headers: pa.auth, payload: { pkcs12: pkcs12('Dr Antoine Lefèvre', 'bon'), password: 'bon' } });
    expect(res.statusCode).toBe(200);
    expect(json(res).data).toMatchObject({ source: 'uploaded', subject: 'Dr Antoine Lefèvre' });
    const signed = await signPdf(t.ctx, systemScope(pa.idOrganization!), await pdf(), { reason: 'Facture', name: 'Cabinet', location: 'Paris', contactInfo: '' });
    expect(verifyPdfSignature(signed)).toMatchObject({ valid: true, signer: 'Dr Antoine Lefèvre' });
    const journal = await t.handle.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'signing.upload'), eq(auditEvents.outcome, 'success')));
    expect(journal).toHaveLength(1);
    expect(JSON.stringify(journal[0].details)).not.toContain('bon"');
  });

  it('is for the practice administrators only', async () => {
    const pr = await t.login('pr');
    const res = await t.app.inject({ method: 'GET', url: '/api/signing-certificate', headers: pr.auth });
    expect(res.statusCode).toBe(403);
  });
});
