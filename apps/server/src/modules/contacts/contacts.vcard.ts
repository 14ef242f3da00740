import { phoneKey } from '@wellbe/shared/domain/phone';
import { parseVCards, VCardError, writeVCards, type VCardContact } from '@wellbe/shared/domain/vcard';
import { CONTACT_LIMITS, CONTACT_MESSAGES, contactInputSchema, type VCardImportResult, type VCardPreviewRow } from '@wellbe/shared/schemas/contacts';
import { hidden, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { imageKind, makeThumbnail } from '../../lib/avatars.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import * as repo from './contacts.repository.ts';
import { contactPhotos, keysOf, contactScope, toContact, valuesOf } from './contacts.service.ts';

// vCard in and out of the address book: every email and phone with its type, the structured
// address, URL, honorific prefix and photo (a thumbnail in the file store, the contact's avatar).

/** What a card holds that the contact rules would refuse but the card can do without. */
function lenient(card: VCardContact): VCardContact {
  // Apple writes a web site as typed (« www.cabinet.fr »); an address too long or not https is dropped.
  const url = !card.url || /^https?:\/\//i.test(card.url) ? card.url : `https://${card.url}`;
  const avatar = card.avatar.length <= 500 ? card.avatar : '';
  return { ...card, url, avatar, emails: card.emails.slice(0, CONTACT_LIMITS.listMax), phones: card.phones.slice(0, CONTACT_LIMITS.listMax) };
}

/** The bytes of a card's inline photo, checked: JPEG or PNG by its bytes, 2 MB at most. */
function photoBytes(card: VCardContact, who: string): Buffer | null {
  if (!card.photo) return null;
  if (card.photo.base64.length > Math.ceil((CONTACT_LIMITS.photoBytes * 4) / 3) + 4) throw badRequest(CONTACT_MESSAGES.photoInvalid(who), 'vcard_invalid');
  const bytes = Buffer.from(card.photo.base64, 'base64');
  if (!imageKind(bytes)) throw badRequest(CONTACT_MESSAGES.photoInvalid(who), 'vcard_invalid');
  return bytes;
}

/**
 * Reads a .vcf, validates every card with the contact rules and marks the ones whose email or phone
 * is already in the address book (or earlier in the same file). With `dryRun` nothing is written;
 * otherwise every card is created in one statement, or none when any card is invalid.
 */
export async function importVCards(ctx: AppContext, caller: Caller, input: { vcf: string; dryRun: boolean; skipDuplicates: boolean }): Promise<VCardImportResult> {
  const scope = contactScope(caller);
  if (Buffer.byteLength(input.vcf, 'utf8') > CONTACT_LIMITS.vcardBytes) throw new AppError(413, 'vcard_too_large', CONTACT_MESSAGES.vcardTooBig);
  let cards;
  try {
    cards = parseVCards(input.vcf, CONTACT_LIMITS.vcardCards);
  } catch (err) {
    if (err instanceof VCardError) throw badRequest(err.message, 'vcard_invalid');
    throw err;
  }
  const rows: VCardPreviewRow[] = [];
  const photos = new Map<number, Buffer>();
  for (const [index, raw] of cards.entries()) {
    const card = lenient(raw);
    const who = [card.name, card.lastName].filter(Boolean).join(' ') || `fiche ${index + 1}`;
    const parsed = contactInputSchema.safeParse({ ...card, profession: card.profession || 'autre' });
    if (!parsed.success) throw badRequest(CONTACT_MESSAGES.vcardInvalid(`${who} : ${parsed.error.issues[0].message}`), 'vcard_invalid');
    const photo = photoBytes(card, who);
    if (photo) photos.set(index, photo);
    rows.push({ index, contact: parsed.data, duplicateOf: null });
  }
  const existing = await repo.duplicates(
    ctx.db,
    scope,
    [...new Set(rows.map((r) => r.contact.email.toLowerCase()).filter(Boolean))],
    [...new Set(rows.filter((r) => r.contact.phone).map((r) => phoneKey(r.contact.phone)))],
  );
  const seenEmail = new Map(existing.filter((e) => e.emailKey).map((e) => [e.emailKey, e]));
  const seenPhone = new Map(existing.filter((e) => e.phoneKey).map((e) => [e.phoneKey, e]));
  for (const row of rows) {
    const keys = keysOf(row.contact);
    const dup = (keys.emailKey && seenEmail.get(keys.emailKey)) || (keys.phoneKey && seenPhone.get(keys.phoneKey)) || null;
    if (dup) row.duplicateOf = { id: dup.id, name: dup.name, lastName: dup.lastName };
    else {
      // A card repeated inside the file is a duplicate of its first occurrence.
      const self = { id: '', name: row.contact.name, lastName: row.contact.lastName, emailKey: keys.emailKey, phoneKey: keys.phoneKey };
      if (keys.emailKey) seenEmail.set(keys.emailKey, self);
      if (keys.phoneKey) seenPhone.set(keys.phoneKey, self);
    }
  }
  const toCreate = rows.filter((r) => !(input.skipDuplicates && r.duplicateOf));
  if (input.dryRun) return { rows, created: 0, skipped: rows.length - toCreate.length };
  // Thumbnails first (sharp, off the event loop): an unreadable photo refuses the file before any write.
  const thumbnails = new Map<number, Buffer>();
  for (const r of toCreate) {
    const bytes = photos.get(r.index);
    if (!bytes) continue;
    try {
      thumbnails.set(r.index, await makeThumbnail(bytes));
    } catch {
      throw badRequest(CONTACT_MESSAGES.photoInvalid([r.contact.name, r.contact.lastName].filter(Boolean).join(' ')), 'vcard_invalid');
    }
  }
  const now = new Date(ctx.clock.now());
  const ids = await repo.insertContacts(
    ctx.db,
    scope,
    toCreate.map((r) => valuesOf(r.contact, caller, now)),
  );
  const store = contactPhotos(ctx);
  for (const [i, r] of toCreate.entries()) {
    const png = thumbnails.get(r.index);
    if (png) await repo.setPhotoKey(ctx.db, scope, ids[i]!, await store.save(ids[i]!, png));
  }
  await recordAudit(ctx, caller, { action: 'contact.import', outcome: 'success', recordType: 'contact', recordId: ids[0] ?? null, details: { created: ids.length, skipped: rows.length - ids.length } });
  return { rows, created: ids.length, skipped: rows.length - ids.length };
}

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** One contact, a selection, or the whole address book as a .vcf text, photos inline. */
export async function exportVCards(ctx: AppContext, caller: Caller, ids: string[] | undefined): Promise<string> {
  const scope = contactScope(caller);
  if (ids?.length) {
    const unique = [...new Set(ids)];
    if ((await repo.existingIds(ctx.db, scope, unique)).length !== unique.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  }
  const rows = await repo.listContacts(ctx.db, scope, caller.id, { filter: 'all', words: [], ids: ids?.length ? ids : undefined }, 10_000);
  await recordAudit(ctx, caller, { action: 'contact.export', outcome: 'success', recordType: 'contact', details: { count: rows.length } });
  const store = contactPhotos(ctx);
  const out = [];
  for (const row of rows) {
    const contact = toContact(row);
    const stream = row.photoKey ? await store.read(row.id, row.photoKey) : null;
    const photo = stream ? { mime: 'image/png' as const, base64: (await bytesOf(stream)).toString('base64') } : null;
    out.push({ ...contact, avatar: photo ? '' : contact.avatar, photo });
  }
  return writeVCards(out);
}
