import type { AppContext } from '../../context.ts';
import { attachmentUsesFile } from './chat.repository.ts';

/**
 * Whether a chat attachment still names a stored file. The file store is shared by content across
 * areas and organisations, so the documents' sweep asks every area that keeps files (no scope: a
 * yes or no, nothing of the row leaves).
 */
export async function chatAttachmentUsesFile(ctx: Pick<AppContext, 'db'>, sha256: string): Promise<boolean> {
  return attachmentUsesFile(ctx.db, sha256);
}
