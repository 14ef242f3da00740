import type { Readable } from 'node:stream';
import type { Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AvatarStore, makeSignatureImage } from '../../lib/avatars.ts';

// The practitioner's signature image, drawn on their ordonnances, certificates and letters. Unlike an
// avatar it is never served by a capability URL (a signature is what a forger wants): only its owner
// reads it back (the profile's preview), and the documents' PDFs embed it.

// Stored like the avatars (a fresh key per upload, the previous one deleted): the store never
// overwrites an object. The route is unused: nothing serves these files by URL.
const FOLDER = 'signatures';
const store = (ctx: AppContext) => new AvatarStore(ctx.storage, FOLDER, '');

export async function saveSignature(ctx: AppContext, caller: Caller, bytes: Buffer): Promise<void> {
  const png = await makeSignatureImage(bytes);
  const key = await store(ctx).save(caller.id, png);
  await store(ctx).prune(caller.id, key);
  await recordAudit(ctx, caller, { action: 'profile.signature.upload', outcome: 'success', recordType: 'user', recordId: caller.id });
}

export async function deleteSignature(ctx: AppContext, caller: Caller): Promise<void> {
  await store(ctx).prune(caller.id, '');
  await recordAudit(ctx, caller, { action: 'profile.signature.delete', outcome: 'success', recordType: 'user', recordId: caller.id });
}

/** A user's signature image as PNG bytes, or null (for their documents' PDFs and their own preview). */
export async function signatureImage(ctx: AppContext, userId: string): Promise<Buffer | null> {
  let stream: Readable | null = null;
  for await (const key of ctx.storage.list(`${FOLDER}/${userId}/`)) stream = await ctx.storage.get(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The caller's own signature for their preview, or null when they have not given one. */
export async function ownSignature(ctx: AppContext, caller: Caller): Promise<Buffer | null> {
  return signatureImage(ctx, caller.id);
}
