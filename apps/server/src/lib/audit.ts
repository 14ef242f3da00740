import type { Actor } from '../access/caller.ts';
import type { AppContext } from '../context.ts';
import { auditEvents } from '../db/tables.ts';

// The access journal (DESIGN §4) is infrastructure: every area writes to it through this one
// helper, with the caller (or an anonymous actor) and the request's IP as plain values.

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'error';
  recordType?: string;
  recordId?: string | null;
  patientId?: string | null;
  /** Before/after values and the like; never a password, token or clinical text. */
  details?: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes one journal row: who, action, record, patient, when, IP, outcome.
 * Awaited by callers: a read of patient data whose journal row cannot be written must fail.
 */
export async function recordAudit(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, entry: AuditEntry): Promise<void> {
  await recordAudits(ctx, actor, [entry]);
}

/** Several journal rows in one statement (a screen that names several patients: one row each). */
export async function recordAudits(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  const at = new Date(ctx.clock.now());
  await ctx.db.insert(auditEvents).values(entries.map((entry) => ({
    at,
    userId: actor.id,
    role: actor.role,
    organizationId: actor.organizationId,
    action: entry.action,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId ?? null,
    // A malformed id from a refused request is kept in recordId, not forced into the uuid column.
    patientId: entry.patientId && UUID.test(entry.patientId) ? entry.patientId : null,
    ip: actor.ip,
    outcome: entry.outcome,
    details: entry.details ?? null,
  })));
}
