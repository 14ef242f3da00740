import { CONSULTATION_MESSAGES } from '@wellbe/shared/schemas/consultations';
import { ADDENDUM_MAX, DEFAULT_LOCK_HOURS, HISTORY_MESSAGES, type Addendum, type HistoryQuery } from '@wellbe/shared/schemas/history';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { actingScope, patientScope, systemScope, type Caller } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { richTextToPlain, sanitizeRichText } from '../../lib/rich-text.ts';
import { recordVersion, versionPage, type HistoryPage } from '../history/history.service.ts';
import { addendaRows, holdOpenRow, insertAddendum, lockDueEverywhere, signRow } from './consultations.lock.repository.ts';
import { consultationForCaller } from './consultations.service.ts';

// Issue 32: a consultation's history, its signature by its author, the automatic lock after the
// organisation's delay, and addenda (the only way to correct a locked consultation). Every write
// and its version are one transaction.

const now = (ctx: Pick<AppContext, 'clock'>) => new Date(ctx.clock.now());

/** GET /api/consultations/:id/history: scoped like reading the consultation, journalled. */
export async function consultationHistory(ctx: AppContext, caller: Caller, id: string, query: HistoryQuery): Promise<HistoryPage> {
  const row = await consultationForCaller(ctx, caller, id, 'consultation.history.read', 'read');
  const page = await versionPage(ctx, patientScope(caller, 'read'), 'consultation', id, query);
  await recordAudit(ctx, caller, { action: 'consultation.history.read', outcome: 'success', recordType: 'consultation', recordId: id, patientId: row.patientId });
  return page;
}

/** POST /api/consultations/:id/sign: the author alone, once; signing locks it. */
export async function signConsultation(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const row = await consultationForCaller(ctx, caller, id, 'consultation.sign', 'write');
  const refuse = async (reason: string, error: Error) => {
    await recordAudit(ctx, caller, { action: 'consultation.sign', outcome: 'denied', recordType: 'consultation', recordId: id, patientId: row.patientId, details: { reason } });
    throw error;
  };
  if (row.userId !== caller.id) await refuse('not_author', forbidden(HISTORY_MESSAGES.signNotAuthor, 'not_author'));
  const at = now(ctx);
  const signed = await ctx.db.transaction(async (tx) => {
    if (!(await signRow(tx, patientScope(caller, 'write'), id, caller.id, at))) return false;
    await recordVersion({ db: tx }, actingScope(caller, row.organizationId, CONSULTATION_MESSAGES.notFound), { type: 'consultation', id }, { kind: 'signed', at, author: caller });
    return true;
  });
  if (!signed) await refuse('already_signed', conflict(HISTORY_MESSAGES.alreadySigned, 'already_signed'));
  await recordAudit(ctx, caller, { action: 'consultation.sign', outcome: 'success', recordType: 'consultation', recordId: id, patientId: row.patientId, details: { consultationDate: row.consultationDate.toISOString() } });
}

/**
 * For another area whose rows are part of a consultation's content (documents): inside that
 * area's transaction `tx`, keeps the consultation from being signed or locked until it commits.
 * False when it already is (or is archived, or out of the caller's write scope).
 */
export async function holdOpenConsultation(tx: Database, caller: Caller, id: string): Promise<boolean> {
  return holdOpenRow(tx, patientScope(caller, 'write'), id);
}

/** POST /api/consultations/:id/addenda: a dated, signed complement (sanitised rich text, not empty). */
export async function addAddendum(ctx: AppContext, caller: Caller, id: string, text: string): Promise<Addendum> {
  const row = await consultationForCaller(ctx, caller, id, 'consultation.addendum', 'write');
  const clean = sanitizeRichText(text);
  if (!richTextToPlain(clean).trim()) throw badRequest(HISTORY_MESSAGES.addendumEmpty, 'empty_addendum');
  if (clean.length > ADDENDUM_MAX) throw badRequest(HISTORY_MESSAGES.addendumTooLong, 'text_too_long');
  const at = now(ctx);
  const scope = actingScope(caller, row.organizationId, CONSULTATION_MESSAGES.notFound);
  const addendumId = await ctx.db.transaction(async (tx) => {
    const inserted = await insertAddendum(tx, scope, { consultationId: id, authorId: caller.id, text: clean, createdAt: at });
    await recordVersion({ db: tx }, scope, { type: 'consultation', id }, { kind: 'addendum', at, author: caller });
    return inserted;
  });
  await recordAudit(ctx, caller, { action: 'consultation.addendum', outcome: 'success', recordType: 'consultation', recordId: id, patientId: row.patientId, details: { addendum: addendumId, consultationDate: row.consultationDate.toISOString() } });
  const [added] = (await consultationAddenda(ctx, caller, [id])).filter((a) => a.id === addendumId);
  return { id: added.id, text: added.text, at: added.at, authorId: added.authorId, authorName: added.authorName };
}

/** The addenda of consultations the caller may read (the panel, the PDF summary, the export). */
export async function consultationAddenda(ctx: AppContext, caller: Caller, consultationIds: string[]) {
  const rows = await addendaRows(ctx.db, patientScope(caller, 'read'), consultationIds);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

/**
 * The automatic lock (a job every minute): each due consultation locked by one statement and its
 * 'locked' version written in the same transaction, so with several servers each lock and its
 * version happen once. Answers how many were locked.
 */
export async function lockDueConsultations(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    const locked = await lockDueEverywhere(tx, at, DEFAULT_LOCK_HOURS);
    for (const c of locked) await recordVersion({ db: tx }, systemScope(c.organizationId), { type: 'consultation', id: c.id }, { kind: 'locked', at, author: null });
    return locked.length;
  });
}
