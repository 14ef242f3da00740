import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { auditEvents } from '../../db/tables.ts';

export interface AuthJournalEntry {
  action: string;
  outcome: 'success' | 'denied';
  /** The account concerned: before sign-in the request names nobody, so it is given here. */
  user: { id: string; role: string; organizationId: string | null } | null;
  details?: Record<string, unknown>;
}

/**
 * Journals a sign-in event (lock, unlock, second factor, session) under the account it is about,
 * so that the account's organisation sees it in its journal even though the caller is anonymous.
 */
export async function journalAuth(ctx: AppContext, request: FastifyRequest, entry: AuthJournalEntry): Promise<void> {
  await ctx.db.insert(auditEvents).values({
    at: new Date(ctx.clock.now()),
    userId: request.user?.id ?? entry.user?.id ?? null,
    role: request.user?.role ?? entry.user?.role ?? null,
    organizationId: entry.user?.organizationId ?? request.user?.organizationId ?? null,
    action: entry.action,
    recordType: entry.user ? 'user' : null,
    recordId: entry.user?.id ?? null,
    ip: request.ip,
    outcome: entry.outcome,
    details: entry.details ?? null,
  });
}
