import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { userTokens } from '../../db/schema/auth.ts';

// Single-use links sent by mail. The raw token only travels in the mail; the table keeps its hash.
// Link formats (the web app routes them):
//   invitation     ${publicUrl}/register/${userId}?token=${token}   valid 7 days
//   reset          ${publicUrl}/reset-password?token=${token}       valid 30 min
//   email-confirm  ${publicUrl}/mail-confirm?token=${token}         valid 7 days
export type LinkKind = 'invitation' | 'reset' | 'email-confirm';

export const LINK_TTL_MS: Record<LinkKind, number> = {
  invitation: 7 * 24 * 3600 * 1000,
  reset: 30 * 60 * 1000,
  'email-confirm': 7 * 24 * 3600 * 1000,
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function linkUrl(ctx: AppContext, kind: LinkKind, userId: string, token: string): string {
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  if (kind === 'invitation') return `${base}/register/${userId}?token=${token}`;
  if (kind === 'reset') return `${base}/reset-password?token=${token}`;
  return `${base}/mail-confirm?token=${token}`;
}

/** Creates a link token; earlier unused tokens of the same kind for that user are revoked. */
export async function createLinkToken(ctx: AppContext, userId: string, kind: LinkKind): Promise<{ token: string; url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const now = new Date(ctx.clock.now());
  const expiresAt = new Date(now.getTime() + LINK_TTL_MS[kind]);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(userTokens)
      .set({ revokedAt: now })
      .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt), isNull(userTokens.revokedAt)));
    await tx.insert(userTokens).values({ userId, kind, tokenHash: sha256(token), expiresAt, createdAt: now });
  });
  return { token, url: linkUrl(ctx, kind, userId, token), expiresAt };
}

export type LinkCheck = { ok: true; userId: string; tokenId: string } | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'revoked' };

/** Checks a link token without using it (to show the form behind the link). */
export async function checkLinkToken(ctx: AppContext, kind: LinkKind, token: string, userId?: string): Promise<LinkCheck> {
  const [row] = await ctx.db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, sha256(token)), eq(userTokens.kind, kind)))
    .limit(1);
  if (!row || (userId && row.userId !== userId)) return { ok: false, reason: 'unknown' };
  if (row.usedAt) return { ok: false, reason: 'used' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt.getTime() <= ctx.clock.now()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: row.userId, tokenId: row.id };
}

/**
 * Uses a link token once: marks it used in the same transaction as `apply` (which sets the
 * password, confirms the email...), so a token can never be used twice, even concurrently.
 */
export async function consumeLinkToken<T>(
  ctx: AppContext,
  kind: LinkKind,
  token: string,
  apply: (tx: AppContext['db'], userId: string) => Promise<T>,
  userId?: string,
): Promise<{ ok: true; value: T } | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'revoked' }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.tokenHash, sha256(token)), eq(userTokens.kind, kind)))
      .for('update')
      .limit(1);
    if (!row || (userId && row.userId !== userId)) return { ok: false as const, reason: 'unknown' as const };
    if (row.usedAt) return { ok: false as const, reason: 'used' as const };
    if (row.revokedAt) return { ok: false as const, reason: 'revoked' as const };
    if (row.expiresAt.getTime() <= ctx.clock.now()) return { ok: false as const, reason: 'expired' as const };
    await tx.update(userTokens).set({ usedAt: new Date(ctx.clock.now()) }).where(eq(userTokens.id, row.id));
    return { ok: true as const, value: await apply(tx as AppContext['db'], row.userId) };
  });
}

/** Revokes a user's unused links of a kind (an administrator revoking an invitation). */
export async function revokeLinkTokens(ctx: AppContext, userId: string, kind: LinkKind): Promise<number> {
  const rows = await ctx.db
    .update(userTokens)
    .set({ revokedAt: new Date(ctx.clock.now()) })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt), isNull(userTokens.revokedAt)))
    .returning({ id: userTokens.id });
  return rows.length;
}
