import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { jobSpecialists, organisations, patients, users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { nextInSeries } from '../../db/numbering.ts';
import { exportAfter, type ExportCursor } from '../../lib/keyset.ts';
import { clinicalDocumentCounters, clinicalDocuments } from '../../db/schema/clinical-documents.ts';

export type DocumentValues = Omit<typeof clinicalDocuments.$inferInsert, 'id' | 'organizationId' | 'number' | 'replacesId'>;

/**
 * Issues a document in one transaction: a correction first marks the document it replaces (only if
 * still current: two corrections of one document cannot both win, null), then the organisation's
 * next number for the year is taken (db/numbering.ts), the PDF that prints it is made and the
 * document stored. The counter row stays locked while the PDF is rendered and signed, so issues of
 * one organisation wait for each other — the price of numbers without gaps: an issue that fails
 * anywhere (rendering, signing, storing) rolls its number back with everything else.
 */
export async function issueDocument(
  db: Database,
  scope: OneOrgScope,
  issue: { id: string; replacesId: string | null; year: number },
  build: (number: string) => Promise<DocumentValues>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    if (issue.replacesId) {
      const marked = await tx
        .update(clinicalDocuments)
        .set({ replacedById: issue.id })
        .where(and(eq(clinicalDocuments.id, issue.replacesId), orgFilter(scope, clinicalDocuments.organizationId), isNull(clinicalDocuments.replacedById), isNull(clinicalDocuments.revokedAt)))
        .returning({ id: clinicalDocuments.id });
      if (!marked.length) return null;
    }
    const rank = await nextInSeries(tx, {
      table: clinicalDocumentCounters,
      create: { organizationId: scope.organizationId, year: issue.year },
      last: clinicalDocumentCounters.last,
      row: and(orgFilter(scope, clinicalDocumentCounters.organizationId), eq(clinicalDocumentCounters.year, issue.year)),
    });
    const number = `${issue.year}-${String(rank).padStart(5, '0')}`;
    const values = await build(number);
    await tx.insert(clinicalDocuments).values({ ...values, id: issue.id, number, replacesId: issue.replacesId, organizationId: scope.organizationId });
    return number;
  });
}

const listColumns = {
  id: clinicalDocuments.id,
  kind: clinicalDocuments.kind,
  number: clinicalDocuments.number,
  issuedAt: clinicalDocuments.issuedAt,
  replacedById: clinicalDocuments.replacedById,
  revokedAt: clinicalDocuments.revokedAt,
  verifyTokenSealed: clinicalDocuments.verifyTokenSealed,
};

/** A patient's documents inside the scope, newest first. */
export function listDocuments(db: Database, scope: PatientScope, patientId: string) {
  return db
    .select(listColumns)
    .from(clinicalDocuments)
    .innerJoin(patients, eq(patients.id, clinicalDocuments.patientId))
    .where(and(eq(clinicalDocuments.patientId, patientId), eq(clinicalDocuments.organizationId, patients.organizationId), patientFilter(scope)))
    .orderBy(desc(clinicalDocuments.issuedAt), desc(clinicalDocuments.id))
    .limit(500);
}
export type DocumentListRow = Awaited<ReturnType<typeof listDocuments>>[number];

/** One document inside the scope, with its patient and author for the journal and the screen. */
export async function findDocument(db: Database, scope: PatientScope, id: string) {
  const [row] = await db
    .select({
      ...listColumns,
      patientId: clinicalDocuments.patientId,
      organizationId: clinicalDocuments.organizationId,
      consultationId: clinicalDocuments.consultationId,
      content: clinicalDocuments.content,
      sha256: clinicalDocuments.sha256,
      replacesId: clinicalDocuments.replacesId,
      revokeReason: clinicalDocuments.revokeReason,
      authorName: users.displayName,
    })
    .from(clinicalDocuments)
    .innerJoin(patients, eq(patients.id, clinicalDocuments.patientId))
    .innerJoin(users, eq(users.id, clinicalDocuments.authorId))
    .where(and(eq(clinicalDocuments.id, id), eq(clinicalDocuments.organizationId, patients.organizationId), patientFilter(scope)))
    .limit(1);
  return row;
}
export type DocumentRow = NonNullable<Awaited<ReturnType<typeof findDocument>>>;

/** A page of the patient's documents inside the scope, oldest first, with their PDF (the FHIR export). */
export function exportPage(db: Database, scope: PatientScope, patientId: string, after: ExportCursor, limit: number) {
  return db
    .select({
      ...listColumns,
      cursorAt: sql<string>`${clinicalDocuments.issuedAt}::text`,
      authorId: clinicalDocuments.authorId,
      consultationId: clinicalDocuments.consultationId,
      replacesId: clinicalDocuments.replacesId,
      content: clinicalDocuments.content,
      pdf: clinicalDocuments.pdf,
    })
    .from(clinicalDocuments)
    .innerJoin(patients, eq(patients.id, clinicalDocuments.patientId))
    .where(and(eq(clinicalDocuments.patientId, patientId), eq(clinicalDocuments.organizationId, patients.organizationId), patientFilter(scope), exportAfter(clinicalDocuments.issuedAt, clinicalDocuments.id, after)))
    .orderBy(asc(clinicalDocuments.issuedAt), asc(clinicalDocuments.id))
    .limit(limit);
}

/** The PDF of a document inside the scope. */
export async function documentPdf(db: Database, scope: PatientScope, id: string) {
  const [row] = await db
    .select({ pdf: clinicalDocuments.pdf, number: clinicalDocuments.number, kind: clinicalDocuments.kind, patientId: clinicalDocuments.patientId })
    .from(clinicalDocuments)
    .innerJoin(patients, eq(patients.id, clinicalDocuments.patientId))
    .where(and(eq(clinicalDocuments.id, id), eq(clinicalDocuments.organizationId, patients.organizationId), patientFilter(scope)))
    .limit(1);
  return row;
}

/** Revokes a current or replaced document (not twice). */
export async function revokeDocument(db: Database, scope: OrgScope, id: string, by: string, reason: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(clinicalDocuments)
    .set({ revokedAt: at, revokedBy: by, revokeReason: reason })
    .where(and(eq(clinicalDocuments.id, id), orgFilter(scope, clinicalDocuments.organizationId), isNull(clinicalDocuments.revokedAt)))
    .returning({ id: clinicalDocuments.id });
  return rows.length > 0;
}

/**
 * The public verification: a document found by the hash of its token, whatever its organisation
 * (the token is the capability; no caller, no scope), with what the page may show of it.
 */
export async function findByTokenHash(db: Database, scope: OrgScope, hash: string) {
  const [row] = await db
    .select({
      id: clinicalDocuments.id,
      patientId: clinicalDocuments.patientId,
      kind: clinicalDocuments.kind,
      issuedAt: clinicalDocuments.issuedAt,
      sha256: clinicalDocuments.sha256,
      replacedById: clinicalDocuments.replacedById,
      revokedAt: clinicalDocuments.revokedAt,
      patientName: patients.fullName,
      issuerName: users.displayName,
      rpps: users.rpps,
      speciality: sql<string>`coalesce(${users.job}, ${jobSpecialists.label}, '')`,
    })
    .from(clinicalDocuments)
    .innerJoin(patients, eq(patients.id, clinicalDocuments.patientId))
    .innerJoin(users, eq(users.id, clinicalDocuments.authorId))
    .leftJoin(jobSpecialists, eq(jobSpecialists.id, users.jobSpecialistId))
    .where(and(eq(clinicalDocuments.verifyTokenHash, hash), orgFilter(scope, clinicalDocuments.organizationId)))
    .limit(1);
  return row;
}

/** The letterhead: the author and their organisation. */
export async function letterhead(db: Database, scope: OneOrgScope, authorId: string) {
  const [row] = await db
    .select({
      name: users.displayName,
      job: users.job,
      speciality: jobSpecialists.label,
      rpps: users.rpps,
      adeli: users.adeli,
      phone: users.phoneNumber,
      organisation: organisations.name,
      address: organisations.address,
      organisationPhone: organisations.phone,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organizationId))
    .leftJoin(jobSpecialists, eq(jobSpecialists.id, users.jobSpecialistId))
    .where(and(eq(users.id, authorId), orgFilter(scope, users.organizationId)))
    .limit(1);
  return row;
}

