import { isPlatformRole } from '@wellbe/shared/roles';
import { POLICY_LABELS, POLICY_MESSAGES, type PolicyKind, type PolicyVersionInput } from '@wellbe/shared/schemas/policies';
import type { z } from 'zod';
import type { policyVersionPatchSchema } from '@wellbe/shared/schemas/policies';
import type { Caller } from '../../access/caller.ts';
import { callerScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { consentChanged, signInCacheOf } from '../../lib/auth-cache.ts';
import { csvDocument } from '../../lib/csv.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { sanitizeRichText, richTextToPlain } from '../../lib/rich-text.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import * as repo from './policies.repository.ts';

const now = (ctx: AppContext) => new Date(ctx.clock.now());

export async function current(ctx: AppContext) {
  return (await repo.currentVersions(ctx.db, now(ctx))).map(repo.toDto);
}

export async function pending(ctx: AppContext, caller: Caller) {
  return (await repo.pendingVersions(ctx.db, caller.id, now(ctx))).map(repo.toDto);
}

/**
 * The consent gate's one rule, for HTTP (policies.routes.ts) and the real-time socket: whether the
 * user owes the acceptance of a version in force. From the sign-in cache unless `fresh` (the
 * socket's re-checks read the rows, as they do for the token).
 */
export async function owesConsent(ctx: AppContext, userId: string, options: { fresh?: boolean } = {}): Promise<boolean> {
  const at = ctx.clock.now();
  const load = () => repo.consentState(ctx.db, userId, new Date(at));
  const cache = options.fresh ? undefined : signInCacheOf(ctx);
  return cache ? cache.consent(userId, at, load) : (await load()).pending;
}

export function consentRequired(): AppError {
  return new AppError(403, 'consent_required', POLICY_MESSAGES.consentRequired);
}

/** The consent screen: the user accepts exactly the versions it showed, still in force. */
export async function accept(ctx: AppContext, caller: Caller, versionIds: string[]) {
  const owed = await repo.pendingVersions(ctx.db, caller.id, now(ctx));
  const owedIds = new Set(owed.map((v) => v.id));
  const unknown = versionIds.filter((id) => !owedIds.has(id));
  if (unknown.length > 0 && owed.length > 0) throw conflict(POLICY_MESSAGES.notCurrent, 'policy_not_current');
  const missing = owed.filter((v) => !versionIds.includes(v.id));
  if (missing.length > 0) throw conflict(POLICY_MESSAGES.notCurrent, 'policy_not_current');
  await repo.recordAcceptances(ctx.db, { userId: caller.id, organizationId: caller.organizationId, versionIds: owed.map((v) => v.id), ip: caller.ip, via: 'sign-in', at: now(ctx) });
  // This server's next request already knows (the other servers through the trigger's notification).
  consentChanged(caller.id);
  await recordAudit(ctx, caller, { action: 'policy.accept', outcome: 'success', details: { versions: owed.map((v) => `${v.kind}-v${v.version}`) } });
  return repo.acceptancesOf(ctx.db, caller.id);
}

/** Registration accepts the CGU and privacy policy in force (the register form's checkbox). */
export async function acceptAtRegistration(ctx: AppContext, user: { id: string; organizationId: string | null }, ip: string | null) {
  const required = (await repo.currentVersions(ctx.db, now(ctx))).filter((v) => v.requiresAcceptance);
  await repo.recordAcceptances(ctx.db, { userId: user.id, organizationId: user.organizationId, versionIds: required.map((v) => v.id), ip, via: 'register', at: now(ctx) });
  consentChanged(user.id);
}

export async function mine(ctx: AppContext, caller: Caller) {
  return repo.acceptancesOf(ctx.db, caller.id);
}

/** CSV of the acceptances of the caller's organisation's users (SA and DE: every organisation). */
export async function exportAcceptances(ctx: AppContext, caller: Caller): Promise<string> {
  if (!isPlatformRole(caller.role) && !caller.organizationId) return csvDocument(HEADER, []);
  const [rows, timeZone] = await Promise.all([repo.acceptancesForExport(ctx.db, callerScope(caller)), new OrganisationsService(ctx).timeZone(caller.organizationId)]);
  await recordAudit(ctx, caller, { action: 'policy.acceptances.export', outcome: 'success', details: { rows: rows.length } });
  return csvDocument(
    HEADER,
    rows.map((r) => [r.username, r.lastName, r.firstName, r.role, POLICY_LABELS[r.kind as PolicyKind], r.version, acceptedAt(r.acceptedAt, timeZone), r.ip, r.via]),
  );
}

const HEADER = ['Identifiant', 'Nom', 'Prénom', 'Rôle', 'Document', 'Version', 'Accepté le', 'Adresse IP', 'Recueilli'];

/** DD/MM/YYYY HH:mm:ss in the organisation's time zone (the moment of a consent, to the second). */
function acceptedAt(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(d);
}

// DE's editing (SPEC §6: /policy is developer-only).

export async function list(ctx: AppContext) {
  return (await repo.listVersions(ctx.db)).map(repo.toDto);
}

function cleanBody(body: string): string {
  const clean = sanitizeRichText(body);
  if (!richTextToPlain(clean)) throw badRequest(POLICY_MESSAGES.bodyRequired, 'body_required');
  return clean;
}

export async function create(ctx: AppContext, caller: Caller, input: PolicyVersionInput) {
  const row = await repo.insertVersion(ctx.db, {
    kind: input.kind,
    title: input.title,
    body: cleanBody(input.body),
    effectiveAt: new Date(input.effectiveAt),
    requiresAcceptance: input.requiresAcceptance,
    createdBy: caller.id,
  });
  await recordAudit(ctx, caller, { action: 'policy.create', outcome: 'success', details: { kind: row.kind, version: row.version } });
  return repo.toDto(row);
}

export async function update(ctx: AppContext, caller: Caller, id: string, patch: z.infer<typeof policyVersionPatchSchema>) {
  const existing = await repo.findVersion(ctx.db, id);
  if (!existing) throw notFound();
  if (existing.status !== 'draft') throw conflict(POLICY_MESSAGES.alreadyPublished, 'policy_published');
  const row = await repo.updateDraft(
    ctx.db,
    id,
    {
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.body !== undefined ? { body: cleanBody(patch.body) } : {}),
      ...(patch.effectiveAt !== undefined ? { effectiveAt: new Date(patch.effectiveAt) } : {}),
      ...(patch.requiresAcceptance !== undefined ? { requiresAcceptance: patch.requiresAcceptance } : {}),
    },
    now(ctx),
  );
  if (!row) throw conflict(POLICY_MESSAGES.alreadyPublished, 'policy_published');
  await recordAudit(ctx, caller, { action: 'policy.update', outcome: 'success', details: { kind: row.kind, version: row.version } });
  return repo.toDto(row);
}

export async function publish(ctx: AppContext, caller: Caller, id: string) {
  const existing = await repo.findVersion(ctx.db, id);
  if (!existing) throw notFound();
  const row = await repo.publish(ctx.db, id, caller.id, now(ctx));
  if (!row) throw conflict(POLICY_MESSAGES.alreadyPublished, 'policy_published');
  consentChanged();
  await recordAudit(ctx, caller, { action: 'policy.publish', outcome: 'success', details: { kind: row.kind, version: row.version } });
  return repo.toDto(row);
}
