import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { auditEvents } from '../../db/tables.ts';

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
 * Writes one access-journal row (DESIGN §4): who, action, record, patient, when, IP, outcome.
 * Awaited by callers: a read of patient data whose journal row cannot be written must fail.
 */
export async function recordAudit(ctx: AppContext, request: FastifyRequest, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditEvents).values({
    at: new Date(ctx.clock.now()),
    userId: request.user?.id ?? null,
    role: request.user?.role ?? null,
    organizationId: request.user?.organizationId ?? null,
    action: entry.action,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId ?? null,
    // A malformed id from a refused request is kept in recordId, not forced into the uuid column.
    patientId: entry.patientId && UUID.test(entry.patientId) ? entry.patientId : null,
    ip: request.ip,
    outcome: entry.outcome,
    details: entry.details ?? null,
  });
}
