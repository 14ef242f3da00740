import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AccessKind } from '@wellbe/shared/schemas/records';
import type { Database } from '../../db/client.ts';
import { accessFlags, appointments, appointmentTypes, auditEvents, consultations, documents, jobSpecialists, notices, organisations, patients, users } from '../../db/tables.ts';

// The patient's rights: plain rows. Every read here is keyed on one patient whose scope the
// service has already checked (patientForCaller), or on the caller's organisation for /admin.

// ---- Export: keyset pages, so a file of 500 consultations never sits whole in memory ----

export const EXPORT_PAGE = 100;

/**
 * The keyset of the export pages: the sort column as PostgreSQL's own text (microseconds kept; a
 * JavaScript Date would round them away and the same row would come back forever) and the id.
 */
export type ExportCursor = { at: string; id: string } | null;

export async function organisationRow(db: Database, id: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, address: organisations.address, phone: organisations.phone, email: organisations.email, siret: organisations.siret })
    .from(organisations)
    .where(eq(organisations.id, id))
    .limit(1);
  return row ?? null;
}

/** A page of the patient's live consultations, oldest first, after (date, id). */
export async function consultationPage(db: Database, patientId: string, after: ExportCursor) {
  return db
    .select({
      id: consultations.id,
      cursorAt: sql<string>`${consultations.consultationDate}::text`,
      userId: consultations.userId,
      speciality: jobSpecialists.label,
      consultationDate: consultations.consultationDate,
      consultationNote: consultations.consultationNote,
      diagnostic: consultations.diagnostic,
      healthCareCategory: consultations.healthCareCategory,
      size: consultations.size,
      weight: consultations.weight,
      dolorLocation: consultations.dolorLocation,
      dolorIntensity: consultations.dolorIntensity,
      eradiation: consultations.eradiation,
      triggeringFactor: consultations.triggeringFactor,
      antalgesicTreatment: consultations.antalgesicTreatment,
      treatmentName: consultations.treatmentName,
      treatmentEfficacy: consultations.treatmentEfficacy,
      prevention1: consultations.prevention1,
      prevention2: consultations.prevention2,
      prevention3: consultations.prevention3,
    })
    .from(consultations)
    .leftJoin(jobSpecialists, eq(jobSpecialists.id, consultations.jobSpecialistId))
    .where(
      and(
        eq(consultations.patientId, patientId),
        isNull(consultations.archivedAt),
        after ? sql`(${consultations.consultationDate}, ${consultations.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(consultations.consultationDate), asc(consultations.id))
    .limit(EXPORT_PAGE);
}
export type ExportConsultation = Awaited<ReturnType<typeof consultationPage>>[number];

/** A page of the patient's live documents (of live consultations), oldest first. */
export async function documentPage(db: Database, patientId: string, after: ExportCursor) {
  return db
    .select({
      id: documents.id,
      cursorAt: sql<string>`${documents.createdAt}::text`,
      consultationId: documents.consultationId,
      uploadedBy: documents.uploadedBy,
      fileName: documents.fileName,
      mimeType: documents.mimeType,
      sizeBytes: documents.sizeBytes,
      sha256: documents.sha256,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .innerJoin(consultations, and(eq(consultations.id, documents.consultationId), isNull(consultations.archivedAt)))
    .where(
      and(eq(documents.patientId, patientId), isNull(documents.archivedAt), after ? sql`(${documents.createdAt}, ${documents.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id))
    .limit(EXPORT_PAGE);
}
export type ExportDocument = Awaited<ReturnType<typeof documentPage>>[number];

/** A page of the patient's notices (feedback on their consultations), oldest first. */
export async function noticePage(db: Database, patientId: string, after: ExportCursor) {
  return db
    .select({
      id: notices.id,
      cursorAt: sql<string>`${notices.createdAt}::text`,
      consultationId: notices.consultationId,
      star: notices.star,
      patientOpinion: notices.patientOpinion,
      recommend: notices.recommend,
      createdAt: notices.createdAt,
    })
    .from(notices)
    .innerJoin(consultations, and(eq(consultations.id, notices.consultationId), isNull(consultations.archivedAt)))
    .where(and(eq(notices.patientId, patientId), after ? sql`(${notices.createdAt}, ${notices.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(asc(notices.createdAt), asc(notices.id))
    .limit(EXPORT_PAGE);
}
export type ExportNotice = Awaited<ReturnType<typeof noticePage>>[number];

/**
 * A page of the patient's appointments, oldest first, after (start, id). A 15-minute hold
 * ('provisoire') is a slot being booked, not yet an appointment: it is left out.
 */
export async function appointmentPage(db: Database, patientId: string, after: ExportCursor) {
  return db
    .select({
      id: appointments.id,
      cursorAt: sql<string>`${appointments.startsAt}::text`,
      practitionerId: appointments.practitionerId,
      type: appointmentTypes.label,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      location: appointments.location,
      teleconsultation: appointments.teleconsultation,
      cancelReason: appointments.cancelReason,
      createdAt: appointments.createdAt,
    })
    .from(appointments)
    .leftJoin(appointmentTypes, eq(appointmentTypes.id, appointments.typeId))
    .where(
      and(
        eq(appointments.patientId, patientId),
        sql`${appointments.status} <> 'provisoire'`,
        after ? sql`(${appointments.startsAt}, ${appointments.id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(EXPORT_PAGE);
}
export type ExportAppointment = Awaited<ReturnType<typeof appointmentPage>>[number];

/** The practitioners named by the file (authors of its consultations and documents), of its organisation. */
export async function practitionerRows(db: Database, organizationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      job: users.job,
      professionalNumber: users.professionalNumber,
      contactEmail: users.contactEmail,
      contactPhone: users.contactPhone,
    })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.organizationId, organizationId)))
    .orderBy(asc(users.lastName), asc(users.id));
}
export type ExportPractitioner = Awaited<ReturnType<typeof practitionerRows>>[number];

// ---- Who opened my file ----

function kindCondition(kind: AccessKind): SQL {
  const a = auditEvents.action;
  const t = sql`coalesce(${auditEvents.recordType}, '')`;
  const exportCond = sql`(${a} like 'records.export%')`;
  const documentCond = sql`(${t} = 'document' or ${a} like 'document.%')`;
  const consultationCond = sql`(${t} = 'consultation' or ${a} like 'consultation.%' or ${a} like 'notice.%')`;
  switch (kind) {
    case 'export':
      return exportCond;
    case 'document':
      return sql`(${documentCond} and not ${exportCond})`;
    case 'consultation':
      return sql`(${consultationCond} and not ${documentCond} and not ${exportCond})`;
    default:
      return sql`(not ${consultationCond} and not ${documentCond} and not ${exportCond})`;
  }
}

/** The log's own bookkeeping (reading it, flagging a row): journalled, but not accesses to the file. */
export const NOT_ACCESSES = sql`(${auditEvents.action} not like 'records.flag.%' and ${auditEvents.action} not like 'records.access_log.%')`;

/**
 * One page of the journal rows about one patient, newest first, (at, id) as the keyset, without
 * the log's own bookkeeping (NOT_ACCESSES).
 * Names are joined only for users of the patient's own organisation.
 */
export async function accessLogPage(
  db: Database,
  f: { patientId: string; organizationId: string; kind?: AccessKind; from?: string; to?: string; timeZone: string; before: { at: Date; id: string } | null; limit: number },
) {
  return db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      userId: auditEvents.userId,
      role: auditEvents.role,
      action: auditEvents.action,
      recordType: auditEvents.recordType,
      outcome: auditEvents.outcome,
      firstName: users.firstName,
      lastName: users.lastName,
      flagId: accessFlags.id,
      flagStatus: accessFlags.status,
      flagAnswer: accessFlags.answer,
      flagAnsweredAt: accessFlags.answeredAt,
    })
    .from(auditEvents)
    .leftJoin(users, and(eq(users.id, auditEvents.userId), eq(users.organizationId, f.organizationId)))
    .leftJoin(accessFlags, and(eq(accessFlags.auditEventId, auditEvents.id), eq(accessFlags.patientId, f.patientId)))
    .where(
      and(
        eq(auditEvents.patientId, f.patientId),
        NOT_ACCESSES,
        f.kind ? kindCondition(f.kind) : undefined,
        f.from ? sql`${auditEvents.at} >= (${f.from}::date)::timestamp at time zone ${f.timeZone}` : undefined,
        f.to ? sql`${auditEvents.at} < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})` : undefined,
        f.before ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${f.before.at}, ${Number(f.before.id)})` : undefined,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(f.limit + 1);
}

/** One journal row about this patient (the one a flag names), or null. */
export async function patientEvent(db: Database, patientId: string, eventId: number) {
  const [row] = await db
    .select({ id: auditEvents.id, action: auditEvents.action, userId: auditEvents.userId })
    .from(auditEvents)
    .where(and(eq(auditEvents.id, eventId), eq(auditEvents.patientId, patientId), NOT_ACCESSES))
    .limit(1);
  return row ?? null;
}

/** Who hears of a new flag: the organisation's active administrators (PA). */
export async function organisationAdministrators(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'PA'), eq(users.active, true)));
  return rows.map((r) => r.id);
}

/** Inserts a flag; null when that journal row is already flagged. */
export async function insertFlag(db: Database, values: typeof accessFlags.$inferInsert): Promise<string | null> {
  const [row] = await db.insert(accessFlags).values(values).onConflictDoNothing({ target: accessFlags.auditEventId }).returning({ id: accessFlags.id });
  return row?.id ?? null;
}

const flagSelection = {
  id: accessFlags.id,
  createdAt: accessFlags.createdAt,
  patientId: accessFlags.patientId,
  patientName: patients.fullName,
  comment: accessFlags.comment,
  status: accessFlags.status,
  answer: accessFlags.answer,
  answeredAt: accessFlags.answeredAt,
  organizationId: accessFlags.organizationId,
  flaggedBy: accessFlags.flaggedBy,
  answeredBy: sql<string | null>`(select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${accessFlags.answeredBy})`,
  eventId: auditEvents.id,
  eventAt: auditEvents.at,
  eventAction: auditEvents.action,
  eventUserId: auditEvents.userId,
  eventRole: auditEvents.role,
  eventIp: auditEvents.ip,
  eventOutcome: auditEvents.outcome,
  eventFirstName: users.firstName,
  eventLastName: users.lastName,
  eventUserOrganisation: users.organizationId,
};

function flagsBase(db: Database) {
  return db
    .select(flagSelection)
    .from(accessFlags)
    .innerJoin(patients, eq(patients.id, accessFlags.patientId))
    .innerJoin(auditEvents, eq(auditEvents.id, accessFlags.auditEventId))
    .leftJoin(users, eq(users.id, auditEvents.userId));
}
export type FlagRow = Awaited<ReturnType<ReturnType<typeof flagsBase>['execute']>>[number];

/** The flags of an organisation's patients (null: every organisation), newest first. */
export async function flagPage(db: Database, f: { organizationId: string | null; status?: 'open' | 'answered'; before: { at: Date; id: string } | null; limit: number }) {
  return flagsBase(db)
    .where(
      and(
        f.organizationId ? eq(accessFlags.organizationId, f.organizationId) : undefined,
        f.status ? eq(accessFlags.status, f.status) : undefined,
        f.before ? or(lt(accessFlags.createdAt, f.before.at), and(eq(accessFlags.createdAt, f.before.at), lt(accessFlags.id, f.before.id))) : undefined,
      ),
    )
    .orderBy(desc(accessFlags.createdAt), desc(accessFlags.id))
    .limit(f.limit + 1);
}

export async function findFlag(db: Database, organizationId: string | null, id: string): Promise<FlagRow | null> {
  const [row] = await flagsBase(db)
    .where(and(eq(accessFlags.id, id), organizationId ? eq(accessFlags.organizationId, organizationId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function answerFlag(db: Database, id: string, values: { answer: string; answeredBy: string; answeredAt: Date }) {
  await db
    .update(accessFlags)
    .set({ ...values, status: 'answered' })
    .where(eq(accessFlags.id, id));
}

/** The document a signed export link names, if it is still live and still that patient's. */
export async function findLinkedDocument(db: Database, documentId: string, patientId: string) {
  const [row] = await db
    .select({ id: documents.id, patientId: documents.patientId, fileName: documents.fileName, mimeType: documents.mimeType, sizeBytes: documents.sizeBytes, sha256: documents.sha256 })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.patientId, patientId), isNull(documents.archivedAt)))
    .limit(1);
  return row ?? null;
}
