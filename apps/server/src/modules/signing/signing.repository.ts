import { and, eq, isNull } from 'drizzle-orm';
import { orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import type { Database } from '../../db/client.ts';
import { signingCertificates } from '../../db/schema/signing.ts';

export type SigningCertificateRow = typeof signingCertificates.$inferSelect;
export type SigningCertificateValues = Pick<SigningCertificateRow, 'source' | 'subject' | 'fingerprint' | 'notAfter' | 'certificatePem' | 'sealedKey'> & {
  createdBy: string | null;
};

/** The organisation's live certificate (one at most: a partial unique index). */
export async function liveCertificate(db: Database, scope: OrgScope): Promise<SigningCertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(signingCertificates)
    .where(and(orgFilter(scope, signingCertificates.organizationId), isNull(signingCertificates.archivedAt)))
    .limit(1);
  return row;
}

/**
 * The first certificate of an organisation. Two first signatures at once both try: the unique index
 * keeps one, the other inserts nothing and reads the winner's.
 */
export async function insertFirstCertificate(db: Database, scope: OneOrgScope, values: SigningCertificateValues): Promise<void> {
  await db
    .insert(signingCertificates)
    .values({ ...values, organizationId: scope.organizationId })
    .onConflictDoNothing({ target: signingCertificates.organizationId, where: isNull(signingCertificates.archivedAt) });
}

/** Archives the live certificate and installs a new one, in one transaction. */
export async function replaceCertificate(db: Database, scope: OneOrgScope, values: SigningCertificateValues, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(signingCertificates)
      .set({ archivedAt: at, archivedBy: values.createdBy })
      .where(and(orgFilter(scope, signingCertificates.organizationId), isNull(signingCertificates.archivedAt)));
    await tx.insert(signingCertificates).values({ ...values, organizationId: scope.organizationId, createdAt: at });
  });
}

/** Archives one certificate that can no longer be opened (the server's secret changed). */
export async function archiveCertificate(db: Database, scope: OneOrgScope, id: string, at: Date): Promise<void> {
  await db
    .update(signingCertificates)
    .set({ archivedAt: at })
    .where(and(eq(signingCertificates.id, id), orgFilter(scope, signingCertificates.organizationId), isNull(signingCertificates.archivedAt)));
}
