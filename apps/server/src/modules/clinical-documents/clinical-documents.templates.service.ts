import { can } from '@wellbe/shared/permissions';
import { CLINICAL_DOCUMENT_MESSAGES as M, templateProblem, type ClinicalDocumentKind, type DocumentContent, type DocumentTemplate, type TemplateInput } from '@wellbe/shared/schemas/clinical-documents';
import type { z } from 'zod';
import type { templateUpdateSchema } from '@wellbe/shared/schemas/clinical-documents';
import type { AppContext } from '../../context.ts';
import { callerScope, hidden, isUuid, ownScope, type Caller } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import * as repo from './clinical-documents.templates.repository.ts';

// Document templates: each organisation's (written by its administrators: the 'manager' group and
// PA) and each practitioner's own. Deactivated, never deleted: documents keep naming them.

const mayManageShared = (caller: Caller) => caller.role === 'PA' || can(caller.role, 'manager');

function toTemplate(caller: Caller, row: repo.TemplateRow): DocumentTemplate {
  const shared = row.ownerId === null;
  return { id: row.id, kind: row.kind, name: row.name, content: row.content, shared, active: row.active, editable: shared ? mayManageShared(caller) : row.ownerId === caller.id };
}

function check(content: DocumentContent) {
  const problem = templateProblem(content);
  if (problem) throw badRequest(problem, 'unknown_field');
}

export async function listTemplates(ctx: AppContext, caller: Caller, query: { kind?: ClinicalDocumentKind; all?: '0' | '1' }) {
  const rows = await repo.listTemplates(ctx.db, callerScope(caller), caller.id, { kind: query.kind, all: query.all === '1' });
  return rows.map((r) => toTemplate(caller, r));
}

async function editable(ctx: AppContext, caller: Caller, id: string): Promise<repo.TemplateRow> {
  const row = isUuid(id) ? await repo.findTemplate(ctx.db, callerScope(caller), caller.id, id) : undefined;
  if (!row) throw hidden(M.templateNotFound, 'template_not_found');
  if (!toTemplate(caller, row).editable) throw forbidden(M.templateNotEditable);
  return row;
}

export async function createTemplate(ctx: AppContext, caller: Caller, input: TemplateInput) {
  check(input.content);
  if (input.shared && !mayManageShared(caller)) throw forbidden(M.sharedTemplateAdminOnly);
  const row = await repo.insertTemplate(ctx.db, ownScope(caller, M.templateNotFound), input.shared ? null : caller.id, { kind: input.kind, name: input.name, content: input.content }, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'clinical-template.create', outcome: 'success', recordType: 'clinical-template', recordId: row.id, details: { after: { name: row.name, kind: row.kind, shared: input.shared } } });
  return toTemplate(caller, row);
}

export async function updateTemplate(ctx: AppContext, caller: Caller, id: string, input: z.infer<typeof templateUpdateSchema>) {
  check(input.content);
  await editable(ctx, caller, id);
  const row = await repo.updateTemplate(ctx.db, callerScope(caller), id, input, new Date(ctx.clock.now()));
  if (!row) throw hidden(M.templateNotFound, 'template_not_found');
  await recordAudit(ctx, caller, { action: 'clinical-template.update', outcome: 'success', recordType: 'clinical-template', recordId: id, details: { after: { name: row.name, active: row.active } } });
  return toTemplate(caller, row);
}

/** A copy the caller owns (how a practitioner adapts the organisation's template). */
export async function duplicateTemplate(ctx: AppContext, caller: Caller, id: string) {
  const source = isUuid(id) ? await repo.findTemplate(ctx.db, callerScope(caller), caller.id, id) : undefined;
  if (!source) throw hidden(M.templateNotFound, 'template_not_found');
  const row = await repo.insertTemplate(ctx.db, ownScope(caller, M.templateNotFound), caller.id, { kind: source.kind, name: `${source.name} (copie)`.slice(0, 120), content: source.content }, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'clinical-template.duplicate', outcome: 'success', recordType: 'clinical-template', recordId: row.id, details: { from: id } });
  return toTemplate(caller, row);
}

/** The content of an active template the caller may use, for a document of its kind. */
export async function templateForDocument(ctx: AppContext, caller: Caller, id: string, kind: ClinicalDocumentKind): Promise<DocumentContent> {
  const row = await repo.findTemplate(ctx.db, callerScope(caller), caller.id, id);
  if (!row || !row.active) throw hidden(M.templateNotFound, 'template_not_found');
  if (row.kind !== kind) throw badRequest(M.kindMismatch, 'template_kind');
  return row.content;
}
