import { accessChange, accessKind, accessOperation, actorLabel, decodeCursor, encodeCursor } from '@wellbe/shared/domain/records';
import { formatDate } from '@wellbe/shared/domain/dates';
import { can } from '@wellbe/shared/permissions';
import {
  RECORDS_MESSAGES,
  type AccessFlag,
  type AccessFlagListQuery,
  type AccessFlagPage,
  type AccessLogPage,
  type AccessLogQuery,
} from '@wellbe/shared/schemas/records';
import { actingScope, hidden, journalOrganisation, listScope, patientScope, systemScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { publishRealtime } from '../../lib/realtime/publish.ts';
import { conflict, forbidden } from '../../lib/errors.ts';
import { getOrganisationSettings } from '../organisations/organisations.service.ts';
import { messageFromPatient } from '../chat/chat.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import { accessLogPage, answerFlag, findFlag, flagPage, insertFlag, organisationAdministrators, patientEvent, type FlagRow } from './records.repository.ts';

// The patient's rights (RGPD art. 15; CNIL délibération 2021-122 on traceability), split from the
// export (records.service.ts):
// - "who opened my file": the journal rows about the file, as the patient may read them;
// - the flag of an access the patient does not recognise, answered by the organisation's PA.

type PatientRecord = Awaited<ReturnType<typeof patientForCaller>>;

// ---- Who opened my file ----

/** The patient reads their own log; in the practice, only who reads the journal (PA, SA, DE). */
function mayReadAccessLog(caller: Caller, patient: PatientRecord): boolean {
  return (caller.role === 'PT' && caller.patientId === patient.id) || can(caller.role, 'journal');
}

export async function readAccessLog(ctx: AppContext, caller: Caller, idPatient: string, query: AccessLogQuery): Promise<AccessLogPage> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'records.access_log.read', 'read');
  if (!mayReadAccessLog(caller, patient)) {
    await recordAudit(ctx, caller, { action: 'records.access_log.read', outcome: 'denied', recordType: 'patient', recordId: patient.id, patientId: patient.id });
    throw forbidden(RECORDS_MESSAGES.accessLogReserved);
  }
  const { timeZone } = await getOrganisationSettings(ctx, patient.organizationId);
  const rows = await accessLogPage(ctx.db, patientScope(caller, 'read'), {
    patientId: patient.id,
    names: systemScope(patient.organizationId),
    kind: query.kind,
    from: query.from,
    to: query.to,
    timeZone,
    before: query.cursor ? decodeCursor(query.cursor) : null,
    limit: query.limit,
  });
  // Journalled like every read about a patient; the log itself leaves its own reads out (the
  // repository's rule), or each visit would add a line to what it shows.
  await recordAudit(ctx, caller, { action: 'records.access_log.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { count: Math.min(rows.length, query.limit) } });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      ...actorLabel({ userId: r.userId, role: r.role, nameInOrganisation: r.lastName != null ? `${r.firstName} ${r.lastName}` : null }, caller.role === 'PT' ? caller.id : ''),
      kind: accessKind(r.action, r.recordType),
      operation: accessOperation(r.action, r.outcome),
      action: r.action,
      ...changeOf(r.action, r.outcome, r.details, (iso) => formatDate(iso, timeZone)),
      flag: r.flagId ? { idFlag: r.flagId, status: r.flagStatus!, answer: r.flagAnswer, answeredAt: r.flagAnsweredAt?.toISOString() ?? null } : null,
    })),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].at, page[page.length - 1].id) : null,
  };
}

/** A change in French words (the API's reader) and the day it is about (the screen's other languages). */
function changeOf(action: string, outcome: string, details: Record<string, unknown> | null, formatDay: (iso: string) => string) {
  let changeOn: string | null = null;
  const change = accessChange(action, outcome, details, (iso) => (changeOn = formatDay(iso)));
  return { change, changeOn };
}

/** "Je ne reconnais pas cet accès": only the patient, on a row of their own log. */
export async function flagAccess(ctx: AppContext, caller: Caller, idPatient: string, eventId: string, comment: string): Promise<{ idFlag: string }> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'records.flag.create', 'read');
  if (caller.role !== 'PT' || caller.patientId !== patient.id) throw forbidden(RECORDS_MESSAGES.accessLogReserved);
  const event = /^\d{1,15}$/.test(eventId) ? await patientEvent(ctx.db, patientScope(caller, 'read'), patient.id, Number(eventId)) : null;
  if (!event) {
    await recordAudit(ctx, caller, { action: 'records.flag.create', outcome: 'denied', recordType: 'audit_event', recordId: eventId, patientId: patient.id });
    throw hidden(RECORDS_MESSAGES.eventNotFound, 'event_not_found');
  }
  const idFlag = await insertFlag(ctx.db, actingScope(caller, patient.organizationId, RECORDS_MESSAGES.eventNotFound, 'event_not_found'), {
    patientId: patient.id,
    auditEventId: event.id,
    flaggedBy: caller.id,
    comment,
    createdAt: new Date(ctx.clock.now()),
  });
  if (!idFlag) throw conflict(RECORDS_MESSAGES.flagExists, 'flag_exists');
  // The journal entry the organisation's administrators see in 'Journal d'accès'.
  await recordAudit(ctx, caller, {
    action: 'records.flag.create',
    outcome: 'success',
    recordType: 'access_flag',
    recordId: idFlag,
    patientId: patient.id,
    details: { auditEventId: event.id, flaggedAction: event.action },
  });
  // /admin 'Signalements' of the organisation's administrators refreshes at once (DESIGN §8).
  const administrators = await organisationAdministrators(ctx.db, systemScope(patient.organizationId));
  await publishRealtime(ctx.db, { type: 'records.flag', organisationId: patient.organizationId, userIds: administrators, data: { flagId: idFlag } });
  // And a message to them (issue 22): the flag is recorded whatever becomes of it (rate limit…).
  const text = `Signalement : je ne reconnais pas un accès à mon dossier (journal d’accès).${comment.trim() ? `\n${comment.trim()}` : ''}\nÀ traiter depuis /admin, Signalements.`;
  await messageFromPatient(ctx, caller, administrators, text).catch(() => {});
  return { idFlag };
}

function toFlag(r: FlagRow, organizationId: string | null): AccessFlag {
  // The administrator sees the actor's name when the actor is of the flag's organisation (or for
  // SA and DE, anyone's): this is the organisation's own journal.
  const named = r.eventLastName != null && (organizationId === null || r.eventUserOrganisation === organizationId);
  return {
    idFlag: r.id,
    createdAt: r.createdAt.toISOString(),
    patientId: r.patientId,
    patientName: r.patientName,
    comment: r.comment,
    status: r.status,
    answer: r.answer,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    answeredBy: r.answeredBy,
    event: {
      id: r.eventId,
      at: r.eventAt.toISOString(),
      action: r.eventAction,
      actor: r.eventUserId ? (named ? `${r.eventFirstName} ${r.eventLastName}`.trim() : 'hors de votre organisation') : 'Requête sans compte',
      role: r.eventRole,
      ip: r.eventIp,
      outcome: r.eventOutcome,
    },
  };
}

/** /admin 'Signalements': the flags of the caller's organisation (SA, DE: every one). */
export async function listFlags(ctx: AppContext, caller: Caller, query: AccessFlagListQuery): Promise<AccessFlagPage> {
  const organizationId = journalOrganisation(caller, undefined) ?? null;
  const rows = await flagPage(ctx.db, listScope(caller, organizationId), { status: query.status, before: query.cursor ? decodeCursor(query.cursor) : null, limit: query.limit });
  const page = rows.slice(0, query.limit);
  await recordAudit(ctx, caller, { action: 'records.flag.list', outcome: 'success', recordType: 'access_flag', details: { count: page.length } });
  return {
    items: page.map((r) => toFlag(r, organizationId)),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1].createdAt, page[page.length - 1].id) : null,
  };
}

export async function answerAccessFlag(ctx: AppContext, caller: Caller, idFlag: string, answer: string): Promise<AccessFlag> {
  const organizationId = journalOrganisation(caller, undefined) ?? null;
  const scope = listScope(caller, organizationId);
  const row = /^[0-9a-f-]{36}$/i.test(idFlag) ? await findFlag(ctx.db, scope, idFlag) : null;
  if (!row) {
    await recordAudit(ctx, caller, { action: 'records.flag.answer', outcome: 'denied', recordType: 'access_flag', recordId: idFlag });
    throw hidden(RECORDS_MESSAGES.flagNotFound, 'flag_not_found');
  }
  await answerFlag(ctx.db, scope, row.id, { answer, answeredBy: caller.id, answeredAt: new Date(ctx.clock.now()) });
  await recordAudit(ctx, caller, { action: 'records.flag.answer', outcome: 'success', recordType: 'access_flag', recordId: row.id, patientId: row.patientId });
  // The patient's 'Mes données' shows the answer without a reload.
  await publishRealtime(ctx.db, { type: 'records.flag', organisationId: row.organizationId, userIds: [row.flaggedBy], data: { flagId: row.id } });
  const updated = await findFlag(ctx.db, scope, row.id);
  return toFlag(updated!, organizationId);
}
