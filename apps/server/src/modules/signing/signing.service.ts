import { SIGNING_MESSAGES, type SigningUpload } from '@wellbe/shared/schemas/signing';
import type { AppContext } from '../../context.ts';
import { actingScope, type Caller, type OneOrgScope } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { Pkcs12Error, readPkcs12, selfSignedKey, signWithKey, type SignatureInfo, type SigningKey } from '../../lib/pdf-signing.ts';
import { openSecret, sealSecret } from '../../lib/secret.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { archiveCertificate, insertFirstCertificate, liveCertificate, replaceCertificate, type SigningCertificateRow } from './signing.repository.ts';

export type { SignatureInfo } from '../../lib/pdf-signing.ts';

// Each organisation signs its PDFs with its own certificate: made
// self-signed at first use, replaced by the PKCS#12 an administrator uploads. The key is sealed with
// the server's secret; nothing here ever returns it.

const PURPOSE = 'signing-key';
type Ctx = AppContext;

function seal(ctx: Ctx, key: SigningKey): string {
  return sealSecret(ctx.jwtKey, PURPOSE, Buffer.from(JSON.stringify({ p12: key.p12.toString('base64'), passphrase: key.passphrase })));
}

function unseal(ctx: Ctx, row: SigningCertificateRow): SigningKey | null {
  const plain = openSecret(ctx.jwtKey, PURPOSE, row.sealedKey);
  if (!plain) return null;
  const { p12, passphrase } = JSON.parse(plain.toString('utf8')) as { p12: string; passphrase: string };
  return { p12: Buffer.from(p12, 'base64'), passphrase, certificatePem: row.certificatePem, subject: row.subject, notAfter: row.notAfter, fingerprint: row.fingerprint };
}

function values(ctx: Ctx, key: SigningKey, source: 'generated' | 'uploaded', createdBy: string | null) {
  return { source, subject: key.subject, fingerprint: key.fingerprint, notAfter: key.notAfter, certificatePem: key.certificatePem, sealedKey: seal(ctx, key), createdBy };
}

/**
 * The organisation's signing key: its live certificate, or a self-signed one made now. A generated key
 * that can no longer be opened (the server's secret changed) is archived and made again; an uploaded
 * one is too (the administrator uploads it again), so signing never stops.
 */
async function signingKey(ctx: Ctx, scope: OneOrgScope): Promise<SigningKey> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await liveCertificate(ctx.db, scope);
    const now = new Date(ctx.clock.now());
    if (row) {
      const key = unseal(ctx, row);
      if (key && row.notAfter.getTime() > now.getTime()) return key;
      await archiveCertificate(ctx.db, scope, row.id, now);
      continue;
    }
    const name = (await new OrganisationsService(ctx).find(scope.organizationId))?.name ?? 'WellBe';
    await insertFirstCertificate(ctx.db, scope, values(ctx, selfSignedKey(name, now), 'generated', null));
  }
  throw new Error('signing key unavailable');
}

/**
 * Signs a finished PDF with the organisation's certificate (PKCS#7 detached over the whole file, as a
 * PDF reader checks it). Other areas call this (clinical documents, invoices): the scope names the
 * organisation that issues the PDF, resolved by the caller's service (ownScope/actingScope/systemScope).
 */
export async function signPdf(ctx: Ctx, scope: OneOrgScope, pdf: Buffer, info: SignatureInfo): Promise<Buffer> {
  const key = await signingKey(ctx, scope);
  return signWithKey(pdf, key, info, new Date(ctx.clock.now()));
}

/**
 * The organisation's signer, for a caller that signs inside a transaction: the key is read (or made)
 * now, on its own connection, and the returned function signs without touching the database.
 */
export async function pdfSigner(ctx: Ctx, scope: OneOrgScope): Promise<(pdf: Buffer, info: SignatureInfo) => Promise<Buffer>> {
  const key = await signingKey(ctx, scope);
  return (pdf, info) => signWithKey(pdf, key, info, new Date(ctx.clock.now()));
}

function view(row: SigningCertificateRow) {
  return { source: row.source, subject: row.subject, fingerprint: row.fingerprint, notAfter: row.notAfter, createdAt: row.createdAt };
}

/** The certificate the organisation signs with (made now if it has none yet). */
export async function readCertificate(ctx: AppContext, caller: Caller, organizationId: string | undefined) {
  const scope = actingScope(caller, organizationId, SIGNING_MESSAGES.notFound);
  await signingKey(ctx, scope);
  const row = await liveCertificate(ctx.db, scope);
  if (!row) throw new Error('signing key unavailable');
  return view(row);
}

const REFUSALS: Record<Pkcs12Error['reason'], string> = {
  invalid: SIGNING_MESSAGES.invalidFile,
  password: SIGNING_MESSAGES.wrongPassword,
  no_key: SIGNING_MESSAGES.noKey,
  expired: SIGNING_MESSAGES.expired,
  too_costly: SIGNING_MESSAGES.tooCostly,
};

/** An administrator's own PKCS#12 replaces the certificate; a bad file or password changes nothing. */
export async function uploadCertificate(ctx: AppContext, caller: Caller, organizationId: string | undefined, input: SigningUpload) {
  const scope = actingScope(caller, organizationId, SIGNING_MESSAGES.notFound);
  const now = new Date(ctx.clock.now());
  let key: SigningKey;
  try {
    key = readPkcs12(Buffer.from(input.pkcs12, 'base64'), input.password, now);
  } catch (err) {
    if (!(err instanceof Pkcs12Error)) throw err;
    await recordAudit(ctx, caller, { action: 'signing.upload', outcome: 'error', recordType: 'organisation', recordId: scope.organizationId, details: { reason: err.reason } });
    throw badRequest(REFUSALS[err.reason], `pkcs12_${err.reason}`);
  }
  await replaceCertificate(ctx.db, scope, values(ctx, key, 'uploaded', caller.id), now);
  await recordAudit(ctx, caller, {
    action: 'signing.upload',
    outcome: 'success',
    recordType: 'organisation',
    recordId: scope.organizationId,
    details: { after: { subject: key.subject, fingerprint: key.fingerprint, notAfter: key.notAfter.toISOString() } },
  });
  const row = await liveCertificate(ctx.db, scope);
  return view(row!);
}
