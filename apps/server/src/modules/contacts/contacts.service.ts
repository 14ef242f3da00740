import { phoneKey } from '@wellbe/shared/domain/phone';
import { fold } from '@wellbe/shared/domain/text';
import { parseVCards, VCardError, writeVCards } from '@wellbe/shared/domain/vcard';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactInputSchema,
  type Contact,
  type ContactInput,
  type ContactListQuery,
  type ContactProfession,
  type ContactUser,
  type PracticeCard,
  type VCardImportResult,
  type VCardPreviewRow,
} from '@wellbe/shared/schemas/contacts';
import { hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { messageToPractice } from '../chat/chat.service.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import * as repo from './contacts.repository.ts';

// The practice's address book: contacts belong to the caller's organisation (another
// organisation's id answers 404); stars, opening counts and groups belong to the caller.

const PAGE = 200;

function organisationOf(caller: Caller): string {
  if (!caller.organizationId) throw hidden(CONTACT_MESSAGES.noOrganisation, 'no_organisation');
  return caller.organizationId;
}

/** Folded, without punctuation: « d’imagerie » sorts as « dimagerie », « Saint-Éloi » as « sainteloi ». */
export function contactSortKey(c: { name: string; lastName: string }): string {
  return fold(`${c.lastName || c.name} ${c.name}`).replace(/[^\p{L}\p{N} ]/gu, '');
}

function keysOf(c: ContactInput) {
  const sortKey = contactSortKey(c);
  return {
    sortKey,
    searchKey: [fold(`${c.name} ${c.lastName} ${c.nickname} ${c.company} ${c.jobTitle}`), fold(c.email), c.phone ? phoneKey(c.phone) : '', c.phone.replace(/\s/g, ''), c.rpps].join(' '),
    emailKey: c.email.trim().toLowerCase(),
    phoneKey: c.phone ? phoneKey(c.phone) : '',
  };
}

function valuesOf(c: ContactInput, caller: Caller, now: Date): repo.ContactValues {
  return { ...c, ...keysOf(c), createdBy: caller.id, createdAt: now, updatedAt: now };
}

export function toContact(row: repo.ContactRow): Contact {
  const { sortKey: _sortKey, ...rest } = row;
  return { ...rest, profession: rest.profession as ContactProfession, starred: !!rest.starred };
}

function searchWords(q: string | undefined): string[] {
  return q ? fold(q).split(' ').filter(Boolean).slice(0, 8) : [];
}

async function assertGroup(ctx: AppContext, org: string, caller: Caller, id: string | undefined) {
  if (!id || !isUuid(id) || !(await repo.findGroup(ctx.db, org, caller.id, id))) throw hidden(CONTACT_MESSAGES.groupNotFound, 'group_not_found');
}

/** The list with a keyset cursor (the last row's sort key and id). */
export async function listContacts(ctx: AppContext, caller: Caller, query: ContactListQuery & { cursor?: string }): Promise<{ items: Contact[]; nextCursor: string | null }> {
  const org = organisationOf(caller);
  if (query.filter === 'group') await assertGroup(ctx, org, caller, query.groupId);
  let after: { sortKey: string; id: string } | undefined;
  if (query.cursor) {
    try {
      const parsed = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')) as [string, string];
      if (typeof parsed[0] === 'string' && isUuid(parsed[1])) after = { sortKey: parsed[0], id: parsed[1] };
    } catch {
      throw badRequest('Curseur de page invalide.');
    }
  }
  const rows = await repo.listContacts(ctx.db, org, caller.id, { filter: query.filter, groupId: query.groupId, words: searchWords(query.q), profession: query.profession, after }, PAGE + 1);
  const more = query.filter !== 'frequent' && rows.length > PAGE;
  const page = more ? rows.slice(0, PAGE) : rows;
  const last = page[page.length - 1];
  return { items: page.map(toContact), nextCursor: more && last ? Buffer.from(JSON.stringify([last.sortKey, last.id])).toString('base64url') : null };
}

/** SPEC §7 GET contacts (`id` = all, frequent, starred, or one of the caller's groups): the whole list. */
export async function contactsOfCall(ctx: AppContext, caller: Caller, id: string): Promise<Contact[]> {
  const org = organisationOf(caller);
  const filter = id === 'frequent' || id === 'starred' ? id : isUuid(id) ? 'group' : 'all';
  if (filter === 'group') await assertGroup(ctx, org, caller, id);
  const rows = await repo.listContacts(ctx.db, org, caller.id, { filter, groupId: filter === 'group' ? id : undefined, words: [] }, 5000);
  return rows.map(toContact);
}

export async function readContact(ctx: AppContext, caller: Caller, id: string): Promise<Contact> {
  const org = organisationOf(caller);
  const row = isUuid(id) ? await repo.findContact(ctx.db, org, caller.id, id) : null;
  if (!row) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  // Opening a contact feeds the caller's frequent contacts.
  await repo.recordOpen(ctx.db, caller.id, row.id, new Date(ctx.clock.now()));
  return toContact(row);
}

async function found(ctx: AppContext, caller: Caller, org: string, id: string): Promise<Contact> {
  const row = await repo.findContact(ctx.db, org, caller.id, id);
  if (!row) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  return toContact(row);
}

export async function createContact(ctx: AppContext, caller: Caller, input: ContactInput): Promise<Contact> {
  const org = organisationOf(caller);
  const [id] = await repo.insertContacts(ctx.db, org, [valuesOf(input, caller, new Date(ctx.clock.now()))]);
  await recordAudit(ctx, caller, { action: 'contact.create', outcome: 'success', recordType: 'contact', recordId: id });
  return found(ctx, caller, org, id);
}

export async function updateContact(ctx: AppContext, caller: Caller, id: string, input: ContactInput): Promise<Contact> {
  const org = organisationOf(caller);
  const { createdBy: _c, createdAt: _a, ...values } = valuesOf(input, caller, new Date(ctx.clock.now()));
  if (!isUuid(id) || !(await repo.updateContact(ctx.db, org, id, values))) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  await recordAudit(ctx, caller, { action: 'contact.update', outcome: 'success', recordType: 'contact', recordId: id });
  return found(ctx, caller, org, id);
}

/** Deletes contacts of the organisation; any id outside it makes the whole call a 404 (nothing deleted). */
export async function deleteContacts(ctx: AppContext, caller: Caller, ids: string[]): Promise<string[]> {
  const org = organisationOf(caller);
  const unique = [...new Set(ids)];
  if ((await repo.existingIds(ctx.db, org, unique)).length !== unique.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  const deleted = await repo.deleteContacts(ctx.db, org, unique);
  await recordAudit(ctx, caller, { action: 'contact.delete', outcome: 'success', recordType: 'contact', recordId: deleted[0], details: { count: deleted.length } });
  return deleted;
}

export async function contactUser(ctx: AppContext, caller: Caller): Promise<ContactUser> {
  const org = organisationOf(caller);
  return { id: caller.id, ...(await repo.userState(ctx.db, org, caller.id, CONTACT_LIMITS.frequentCount)) };
}

/** Stars or unstars contacts for the caller ('toggle' flips each one). */
export async function star(ctx: AppContext, caller: Caller, ids: string[], mode: boolean | 'toggle'): Promise<ContactUser> {
  const org = organisationOf(caller);
  const unique = [...new Set(ids)];
  if ((await repo.existingIds(ctx.db, org, unique)).length !== unique.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  if (mode === 'toggle') {
    const starred = new Set(await repo.starredAmong(ctx.db, caller.id, unique));
    await repo.setStarred(ctx.db, caller.id, unique.filter((id) => starred.has(id)), false);
    await repo.setStarred(ctx.db, caller.id, unique.filter((id) => !starred.has(id)), true);
  } else await repo.setStarred(ctx.db, caller.id, unique, mode);
  return contactUser(ctx, caller);
}

// ---- Groups ----

export async function saveGroup(ctx: AppContext, caller: Caller, id: string | null, input: { name: string; contactIds: string[] }) {
  const org = organisationOf(caller);
  if (id) await assertGroup(ctx, org, caller, id);
  else if ((await repo.countGroups(ctx.db, caller.id)) >= CONTACT_LIMITS.groupsPerUser) throw conflict(CONTACT_MESSAGES.tooManyGroups, 'groups_limit');
  const members = [...new Set(input.contactIds)];
  if ((await repo.existingIds(ctx.db, org, members)).length !== members.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  const saved = await repo.saveGroup(ctx.db, org, caller.id, id, input.name, fold(input.name), members);
  if (!saved) throw conflict(CONTACT_MESSAGES.groupExists, 'group_exists');
  return { id: saved, name: input.name, contactIds: members };
}

export async function deleteGroup(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const org = organisationOf(caller);
  if (!isUuid(id) || !(await repo.deleteGroup(ctx.db, org, caller.id, id))) throw hidden(CONTACT_MESSAGES.groupNotFound, 'group_not_found');
}

// ---- vCard ----

/**
 * Reads a .vcf, validates every card with the contact rules and marks the ones whose email or phone
 * is already in the address book (or earlier in the same file). With `dryRun` nothing is written;
 * otherwise every card is created in one statement, or none when any card is invalid.
 */
export async function importVCards(ctx: AppContext, caller: Caller, input: { vcf: string; dryRun: boolean; skipDuplicates: boolean }): Promise<VCardImportResult> {
  const org = organisationOf(caller);
  if (Buffer.byteLength(input.vcf, 'utf8') > CONTACT_LIMITS.vcardBytes) throw new AppError(413, 'vcard_too_large', CONTACT_MESSAGES.vcardTooBig);
  let cards;
  try {
    cards = parseVCards(input.vcf, CONTACT_LIMITS.vcardCards);
  } catch (err) {
    if (err instanceof VCardError) throw badRequest(err.message, 'vcard_invalid');
    throw err;
  }
  const rows: VCardPreviewRow[] = [];
  for (const [index, card] of cards.entries()) {
    const parsed = contactInputSchema.safeParse({ ...card, profession: card.profession || 'autre' });
    if (!parsed.success) {
      const who = [card.name, card.lastName].filter(Boolean).join(' ') || `fiche ${index + 1}`;
      throw badRequest(CONTACT_MESSAGES.vcardInvalid(`${who} : ${parsed.error.issues[0].message}`), 'vcard_invalid');
    }
    rows.push({ index, contact: parsed.data, duplicateOf: null });
  }
  const existing = await repo.duplicates(
    ctx.db,
    org,
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
  const now = new Date(ctx.clock.now());
  const ids = await repo.insertContacts(
    ctx.db,
    org,
    toCreate.map((r) => valuesOf(r.contact, caller, now)),
  );
  await recordAudit(ctx, caller, { action: 'contact.import', outcome: 'success', recordType: 'contact', recordId: ids[0] ?? null, details: { created: ids.length, skipped: rows.length - ids.length } });
  return { rows, created: ids.length, skipped: rows.length - ids.length };
}

/** One contact, a selection, or the whole address book as a .vcf text. */
export async function exportVCards(ctx: AppContext, caller: Caller, ids: string[] | undefined): Promise<string> {
  const org = organisationOf(caller);
  if (ids?.length) {
    const unique = [...new Set(ids)];
    if ((await repo.existingIds(ctx.db, org, unique)).length !== unique.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  }
  const rows = await repo.listContacts(ctx.db, org, caller.id, { filter: 'all', words: [], ids: ids?.length ? ids : undefined }, 10_000);
  await recordAudit(ctx, caller, { action: 'contact.export', outcome: 'success', recordType: 'contact', details: { count: rows.length } });
  return writeVCards(rows.map(toContact));
}

// ---- The patient's view ----

export async function practiceCardFor(ctx: AppContext, caller: Caller): Promise<PracticeCard> {
  const org = organisationOf(caller);
  const row = await repo.practiceCard(ctx.db, org);
  if (!row) throw hidden(CONTACT_MESSAGES.noOrganisation, 'no_organisation');
  return { name: row.name, address: row.address, phone: row.phone, email: row.email, openingHours: row.settings.openingHours ?? null };
}

/**
 * "Nous écrire": a patient's message opens (or continues) their conversation with the practice's
 * secretariat (issue 16 landed); anyone else, or a practice without a secretariat, mails the
 * practice's address with the sender's name and address. The text is sent as plain text.
 */
export async function writeToPractice(ctx: AppContext, caller: Caller, input: { subject: string; message: string }): Promise<{ chatId: string | null }> {
  const chatId = await messageToPractice(ctx, caller, `${input.subject}\n\n${input.message}`);
  if (chatId) return { chatId };
  const card = await practiceCardFor(ctx, caller);
  const sender = await repo.senderOf(ctx.db, caller.id);
  if (!card.email) throw conflict(CONTACT_MESSAGES.noPracticeEmail, 'no_practice_email');
  await ctx.mailer.send({
    to: card.email,
    subject: `[WellBe] ${input.subject}`,
    text: `Message de ${sender.name} (${sender.email}) envoyé depuis WellBe :\n\n${input.message}\n\nRépondez directement à ${sender.email}.`,
  });
  await recordAudit(ctx, caller, { action: 'contact.practice_message', outcome: 'success', recordType: 'organisation', recordId: caller.organizationId, patientId: caller.patientId });
  return { chatId: null };
}
