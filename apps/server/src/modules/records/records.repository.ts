import { and, asc, desc, eq, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AccessKind } from '@wellbe/shared/schemas/records';
import type { Database } from '../../db/client.ts';
import { orgScopeParams, patientFilter, preparedOrgScope, preparedScope, preparedScopeShape, scopeParams } from '../../access/filters.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/scope.ts';
import { auditEvents, organisations, patients, users } from '../../access/views.ts';
import { accessFlags } from '../../db/schema/records.ts';

// The patient's rights: plain rows. Every read applies the caller's scope: the patient scope for a
// file's log, the organisation scope for /admin's flags. The file's own rows (consultations,
// documents, notices, appointments) come through their areas' services (records.service.ts).

// ---- Export: what the records area reads itself (the file's rows come through their areas' services) ----

/** The organisation of the exported file, inside the scope. */
export async function organisationRow(db: Database, scope: OrgScope, id: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, address: organisations.address, phone: organisations.phone, email: organisations.email, siret: organisations.siret })
    .from(organisations)
    .where(and(eq(organisations.id, id), orgFilter(scope, organisations.id)))
    .limit(1);
  return row ?? null;
}

/** The practitioners named by the file (authors of its consultations and documents), of the scope's organisation. */
export async function practitionerRows(db: Database, scope: OrgScope, ids: string[]) {
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
    .where(and(inArray(users.id, ids), orgFilter(scope, users.organizationId)))
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

type AccessLogFilter = { patientId: string; names: OneOrgScope; kind?: AccessKind; from?: string; to?: string; timeZone: string; before: { at: Date; id: string } | null; limit: number };

/**
 * One page of the journal rows about one patient, newest first, (at, id) as the keyset, without
 * the log's own bookkeeping (NOT_ACCESSES).
 * Names are joined only for users of `names` (the patient's own organisation).
 * Prepared once per shape (issue 31: the scope's, the kind, first page or after a cursor), the
 * scope's organisation and patient, the names' organisation, the patient, the cursor and the limit
 * bound per call. A page between two days (`from`, `to`, rarer) is built per request.
 */
export async function accessLogPage(db: Database, scope: PatientScope, f: AccessLogFilter) {
  if (f.from || f.to) return accessLogQuery(db, scope, f, f.patientId, f.names, f.before && { at: f.before.at, id: Number(f.before.id) }, f.limit + 1);
  const statement = preparedOnce(db, `access_log_${preparedScopeShape(scope)}_${f.kind ?? 'all'}_${f.before ? 'after' : 'first'}`, () =>
    accessLogQuery(
      db,
      preparedScope(scope),
      { kind: f.kind, timeZone: f.timeZone },
      sql.placeholder('patient_id') as unknown as string,
      preparedOrgScope(f.names, 'names_org'),
      f.before && { at: sql.placeholder('before_at'), id: sql.placeholder('before_id') },
      sql.placeholder('limit'),
    ),
  );
  return statement.execute({
    ...scopeParams(scope),
    ...orgScopeParams(f.names, 'names_org'),
    patient_id: f.patientId,
    before_at: f.before?.at ?? null,
    before_id: f.before ? Number(f.before.id) : null,
    limit: f.limit + 1,
  });
}

/** The statement of accessLogPage: its values given, or placeholders of a prepared one. */
function accessLogQuery(
  db: Database,
  scope: PatientScope,
  f: Pick<AccessLogFilter, 'kind' | 'from' | 'to' | 'timeZone'>,
  patientId: string,
  names: OneOrgScope,
  before: { at: unknown; id: unknown } | null,
  limit: number | Placeholder,
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
      details: auditEvents.details,
      firstName: users.firstName,
      lastName: users.lastName,
      flagId: accessFlags.id,
      flagStatus: accessFlags.status,
      flagAnswer: accessFlags.answer,
      flagAnsweredAt: accessFlags.answeredAt,
    })
    .from(auditEvents)
    .innerJoin(patients, eq(patients.id, auditEvents.patientId))
    .leftJoin(users, and(eq(users.id, auditEvents.userId), orgFilter(names, users.organizationId)))
    .leftJoin(accessFlags, and(eq(accessFlags.auditEventId, auditEvents.id), eq(accessFlags.patientId, patientId)))
    .where(
      and(
        eq(auditEvents.patientId, patientId),
        patientFilter(scope),
        NOT_ACCESSES,
        f.kind ? kindCondition(f.kind) : undefined,
        f.from ? sql`${auditEvents.at} >= (${f.from}::date)::timestamp at time zone ${f.timeZone}` : undefined,
        f.to ? sql`${auditEvents.at} < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})` : undefined,
        before ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${before.at}, ${before.id})` : undefined,
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}

/** One journal row about this patient inside the scope (the one a flag names), or null. */
export async function patientEvent(db: Database, scope: PatientScope, patientId: string, eventId: number) {
  const [row] = await db
    .select({ id: auditEvents.id, action: auditEvents.action, userId: auditEvents.userId })
    .from(auditEvents)
    .innerJoin(patients, eq(patients.id, auditEvents.patientId))
    .where(and(eq(auditEvents.id, eventId), eq(auditEvents.patientId, patientId), patientFilter(scope), NOT_ACCESSES))
    .limit(1);
  return row ?? null;
}

/** Who hears of a new flag: the scope's active administrators (PA). */
export async function organisationAdministrators(db: Database, scope: OneOrgScope): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(orgFilter(scope, users.organizationId), eq(users.role, 'PA'), eq(users.active, true)));
  return rows.map((r) => r.id);
}

/** Inserts a flag in the organisation the call acts for; null when that journal row is already flagged. */
export async function insertFlag(db: Database, scope: OneOrgScope, values: Omit<typeof accessFlags.$inferInsert, 'organizationId'>): Promise<string | null> {
  const [row] = await db
    .insert(accessFlags)
    .values({ ...values, organizationId: scope.organizationId })
    .onConflictDoNothing({ target: accessFlags.auditEventId }).returning({ id: accessFlags.id });
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
export async function flagPage(db: Database, scope: OrgScope, f: { status?: 'open' | 'answered'; before: { at: Date; id: string } | null; limit: number }) {
  return flagsBase(db)
    .where(
      and(
        orgFilter(scope, accessFlags.organizationId),
        f.status ? eq(accessFlags.status, f.status) : undefined,
        f.before ? or(lt(accessFlags.createdAt, f.before.at), and(eq(accessFlags.createdAt, f.before.at), lt(accessFlags.id, f.before.id))) : undefined,
      ),
    )
    .orderBy(desc(accessFlags.createdAt), desc(accessFlags.id))
    .limit(f.limit + 1);
}

export async function findFlag(db: Database, scope: OrgScope, id: string): Promise<FlagRow | null> {
  const [row] = await flagsBase(db)
    .where(and(eq(accessFlags.id, id), orgFilter(scope, accessFlags.organizationId)))
    .limit(1);
  return row ?? null;
}

export async function answerFlag(db: Database, scope: OrgScope, id: string, values: { answer: string; answeredBy: string; answeredAt: Date }) {
  await db
    .update(accessFlags)
    .set({ ...values, status: 'answered' })
    .where(and(eq(accessFlags.id, id), orgFilter(scope, accessFlags.organizationId)));
}
