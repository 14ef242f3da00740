import type { Actor } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';

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
 * `actor` is whoever made the call (a caller, or an anonymous actor with its address).
 */
export async function journalAuth(ctx: AppContext, actor: Actor, entry: AuthJournalEntry): Promise<void> {
  await recordAudit(
    ctx,
    {
      id: actor.id ?? entry.user?.id ?? null,
      role: actor.role ?? (entry.user?.role as Actor['role']) ?? null,
      organizationId: entry.user?.organizationId ?? actor.organizationId ?? null,
      ip: actor.ip,
    },
    { action: entry.action, outcome: entry.outcome, recordType: entry.user ? 'user' : undefined, recordId: entry.user?.id ?? null, details: entry.details },
  );
}
