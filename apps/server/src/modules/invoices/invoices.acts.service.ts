import { INVOICE_MESSAGES, type Act, type ActInput } from '@wellbe/shared/schemas/invoices';
import { callerScope, hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { mergeOrganisationSettings } from '../organisations/organisations.service.ts';
import * as repo from './invoices.repository.ts';
import { writeScope } from './invoices.service.ts';

// Acts and prices ('Paramètres' of the Facturation area): the organisation's acts, which every
// practitioner bills, and each practitioner's own. An act is archived, never deleted: the lines of
// issued invoices keep pointing at it.

function toAct(row: Awaited<ReturnType<typeof repo.findAct>> & object): Act {
  return {
    id: row.id,
    practitionerId: row.practitionerId,
    label: row.label,
    code: row.code,
    priceCents: row.priceCents,
    durationMinutes: row.durationMinutes,
    vatRateBp: row.vatRateBp,
    appointmentTypeId: row.appointmentTypeId,
  };
}

export async function listActs(ctx: AppContext, caller: Caller): Promise<Act[]> {
  return (await repo.listActs(ctx.db, callerScope(caller), caller.id)).map(toAct);
}

function values(caller: Caller, input: ActInput): repo.ActValues {
  return {
    practitionerId: input.personal ? caller.id : null,
    label: input.label,
    code: input.code || null,
    priceCents: input.priceCents,
    durationMinutes: input.durationMinutes ?? null,
    vatRateBp: input.vatRateBp || null,
    appointmentTypeId: input.appointmentTypeId ?? null,
  };
}

export async function createAct(ctx: AppContext, caller: Caller, input: ActInput): Promise<Act> {
  const row = await repo.insertAct(ctx.db, writeScope(caller), values(caller, input));
  await recordAudit(ctx, caller, { action: 'invoice_act.create', outcome: 'success', recordType: 'invoice_act', recordId: row.id, details: { after: input } });
  return toAct(row);
}

/** Another practitioner's own act is not the caller's to change: the same 404 as an unknown act. */
async function ownAct(ctx: AppContext, caller: Caller, id: string) {
  const row = isUuid(id) ? await repo.findAct(ctx.db, writeScope(caller), id) : undefined;
  if (!row || (row.practitionerId && row.practitionerId !== caller.id)) throw hidden(INVOICE_MESSAGES.actNotFound, 'act_not_found');
  return row;
}

export async function updateAct(ctx: AppContext, caller: Caller, id: string, input: ActInput): Promise<Act> {
  await ownAct(ctx, caller, id);
  const row = await repo.updateAct(ctx.db, writeScope(caller), id, values(caller, input));
  if (!row) throw hidden(INVOICE_MESSAGES.actNotFound, 'act_not_found');
  await recordAudit(ctx, caller, { action: 'invoice_act.update', outcome: 'success', recordType: 'invoice_act', recordId: id, details: { after: input } });
  return toAct(row);
}

export async function archiveAct(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  await ownAct(ctx, caller, id);
  await repo.updateAct(ctx.db, writeScope(caller), id, { archivedAt: new Date(ctx.clock.now()), archivedBy: caller.id });
  await recordAudit(ctx, caller, { action: 'invoice_act.archive', outcome: 'success', recordType: 'invoice_act', recordId: id });
}

/** The organisation bills as a company (one series for the organisation) or each practitioner in their own name. */
export async function billingSettings(ctx: AppContext, caller: Caller): Promise<{ billAsCompany: boolean }> {
  const org = await repo.organisationOf(ctx.db, writeScope(caller));
  return { billAsCompany: (org?.settings as Record<string, unknown> | undefined)?.invoicesBillAsCompany === true };
}

export async function setBillingSettings(ctx: AppContext, caller: Caller, input: { billAsCompany: boolean }): Promise<{ billAsCompany: boolean }> {
  await mergeOrganisationSettings(ctx, writeScope(caller), { invoicesBillAsCompany: input.billAsCompany }, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'invoice.settings', outcome: 'success', recordType: 'organisation', recordId: caller.organizationId, details: { after: input } });
  return input;
}
