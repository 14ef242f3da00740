import { phoneKey } from '@wellbe/shared/domain/phone';
import { fold } from '@wellbe/shared/domain/text';
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_PHOTO_PATH,
  type Contact,
  type ContactInput,
  type ContactListQuery,
  type ContactProfession,
  type ContactUser,
  type PracticeCard,
} from '@wellbe/shared/schemas/contacts';
import { hidden, isUuid, ownScope, type Caller, type OrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { messageToPractice } from '../chat/chat.service.ts';
import { recordAudit } from '../../lib/audit.ts';
import { AvatarStore } from '../../lib/avatars.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import * as repo from './contacts.repository.ts';

// The practice's address book: contacts belong to the caller's organisation (another
// organisation's id answers 404); stars, opening counts and groups belong to the caller.

const PAGE = 200;

/** The caller's organisation, the scope of every address-book query (none: 404, the one rule). */
export function contactScope(caller: Caller) {
  return ownScope(caller, CONTACT_MESSAGES.noOrganisation, 'no_organisation');
}

/** Folded, without punctuation: « d’imagerie » sorts as « dimagerie », « Saint-Éloi » as « sainteloi ». */
export function contactSortKey(c: { name: string; lastName: string }): string {
  return fold(`${c.lastName || c.name} ${c.name}`).replace(/[^\p{L}\p{N} ]/gu, '');
}

export function keysOf(c: ContactInput) {
  const sortKey = contactSortKey(c);
  const phones = c.phones.map((p) => `${phoneKey(p.value)} ${p.value.replace(/\s/g, '')}`);
  return {
    sortKey,
    searchKey: [fold(`${c.prefix} ${c.name} ${c.lastName} ${c.nickname} ${c.company} ${c.jobTitle} ${c.city}`), ...c.emails.map((e) => fold(e.value)), ...phones, c.rpps].join(' '),
    emailKey: c.email.trim().toLowerCase(),
    phoneKey: c.phone ? phoneKey(c.phone) : '',
  };
}

/** The address's parts on one line, as the list and the SPEC's `address` show it. */
function addressLine(c: Pick<ContactInput, 'street' | 'postalCode' | 'city' | 'region' | 'country'>): string {
  return [c.street, [c.postalCode, c.city].filter(Boolean).join(' '), c.region, c.country].filter(Boolean).join(', ');
}

function firstIs<T extends string>(list: { value: string; type: T }[], single: string): { value: string; type: T }[] {
  if (!single || list[0]?.value === single) return list;
  return [{ value: single, type: list[0]?.type ?? ('work' as T) }, ...list.slice(1).filter((x) => x.value !== single)];
}

/**
 * One shape whatever the client: the lists hold every email and phone, `email` and `phone` the
 * first (a client that knows only those, the SPEC §7 calls, changes the first); `address` is the
 * parts on one line, or the line as typed when there are no parts (such a client sends none).
 */
function normalised(c: ContactInput): ContactInput {
  const emails = firstIs(c.emails, c.email);
  const phones = firstIs(c.phones, c.phone);
  return { ...c, emails, phones, email: emails[0]?.value ?? '', phone: phones[0]?.value ?? '', address: addressLine(c) || c.address };
}

export function valuesOf(input: ContactInput, caller: Caller, now: Date): repo.ContactValues {
  const c = normalised(input);
  // The stored photo is the server's: the client's copy of its address is not a value to store.
  const avatar = CONTACT_PHOTO_PATH.test(c.avatar) ? '' : c.avatar;
  return { ...c, avatar, ...keysOf(c), createdBy: caller.id, createdAt: now, updatedAt: now };
}

/** Contact photos (from a vCard): thumbnails in the file store, served by a capability URL. */
const PHOTO_ROUTE = '/api/contacts/photo';
export const contactPhotos = (ctx: AppContext) => new AvatarStore(ctx.storage, 'contact-photos', PHOTO_ROUTE);

export function toContact(row: repo.ContactRow): Contact {
  const { sortKey: _sortKey, photoKey, ...rest } = row;
  // Rows written before the lists existed (and the demo data) hold one email and one phone.
  const emails = rest.emails.length ? rest.emails : rest.email ? [{ value: rest.email, type: 'work' as const }] : [];
  const phones = rest.phones.length ? rest.phones : rest.phone ? [{ value: rest.phone, type: 'work' as const }] : [];
  const avatar = photoKey ? `${PHOTO_ROUTE}/${rest.id}/${photoKey}.png` : rest.avatar;
  return { ...rest, emails, phones, avatar, addressType: rest.addressType as Contact['addressType'], profession: rest.profession as ContactProfession, starred: !!rest.starred };
}

function searchWords(q: string | undefined): string[] {
  return q ? fold(q).split(' ').filter(Boolean).slice(0, 8) : [];
}

async function assertGroup(ctx: AppContext, scope: OrgScope, caller: Caller, id: string | undefined) {
  if (!id || !isUuid(id) || !(await repo.findGroup(ctx.db, scope, caller.id, id))) throw hidden(CONTACT_MESSAGES.groupNotFound, 'group_not_found');
}

/** The list with a keyset cursor (the last row's sort key and id). */
export async function listContacts(ctx: AppContext, caller: Caller, query: ContactListQuery & { cursor?: string }): Promise<{ items: Contact[]; nextCursor: string | null }> {
  const scope = contactScope(caller);
  if (query.filter === 'group') await assertGroup(ctx, scope, caller, query.groupId);
  let after: { sortKey: string; id: string } | undefined;
  if (query.cursor) {
    try {
      const parsed = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8')) as [string, string];
      if (typeof parsed[0] === 'string' && isUuid(parsed[1])) after = { sortKey: parsed[0], id: parsed[1] };
    } catch {
      throw badRequest(CONTACT_MESSAGES.cursorInvalid);
    }
  }
  const rows = await repo.listContacts(ctx.db, scope, caller.id, { filter: query.filter, groupId: query.groupId, words: searchWords(query.q), profession: query.profession, after }, PAGE + 1);
  const more = query.filter !== 'frequent' && rows.length > PAGE;
  const page = more ? rows.slice(0, PAGE) : rows;
  const last = page[page.length - 1];
  return { items: page.map(toContact), nextCursor: more && last ? Buffer.from(JSON.stringify([last.sortKey, last.id])).toString('base64url') : null };
}

/** SPEC §7 GET contacts (`id` = all, frequent, starred, or one of the caller's groups): the whole list. */
export async function contactsOfCall(ctx: AppContext, caller: Caller, id: string): Promise<Contact[]> {
  const scope = contactScope(caller);
  const filter = id === 'frequent' || id === 'starred' ? id : isUuid(id) ? 'group' : 'all';
  if (filter === 'group') await assertGroup(ctx, scope, caller, id);
  const rows = await repo.listContacts(ctx.db, scope, caller.id, { filter, groupId: filter === 'group' ? id : undefined, words: [] }, 5000);
  return rows.map(toContact);
}

export async function readContact(ctx: AppContext, caller: Caller, id: string): Promise<Contact> {
  const scope = contactScope(caller);
  const row = isUuid(id) ? await repo.findContact(ctx.db, scope, caller.id, id) : null;
  if (!row) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  // Opening a contact feeds the caller's frequent contacts.
  await repo.recordOpen(ctx.db, caller.id, row.id, new Date(ctx.clock.now()));
  return toContact(row);
}

async function found(ctx: AppContext, caller: Caller, scope: OrgScope, id: string): Promise<Contact> {
  const row = await repo.findContact(ctx.db, scope, caller.id, id);
  if (!row) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  return toContact(row);
}

export async function createContact(ctx: AppContext, caller: Caller, input: ContactInput): Promise<Contact> {
  const scope = contactScope(caller);
  const [id] = await repo.insertContacts(ctx.db, scope, [valuesOf(input, caller, new Date(ctx.clock.now()))]);
  await recordAudit(ctx, caller, { action: 'contact.create', outcome: 'success', recordType: 'contact', recordId: id });
  return found(ctx, caller, scope, id);
}

export async function updateContact(ctx: AppContext, caller: Caller, id: string, input: ContactInput): Promise<Contact> {
  const scope = contactScope(caller);
  const { createdBy: _c, createdAt: _a, ...values } = valuesOf(input, caller, new Date(ctx.clock.now()));
  // The photo stays while the client sends its address back; another avatar, or none, replaces it.
  const keepsPhoto = CONTACT_PHOTO_PATH.test(input.avatar);
  if (!isUuid(id) || !(await repo.updateContact(ctx.db, scope, id, keepsPhoto ? values : { ...values, photoKey: '' }))) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  if (!keepsPhoto) await contactPhotos(ctx).prune(id, '');
  await recordAudit(ctx, caller, { action: 'contact.update', outcome: 'success', recordType: 'contact', recordId: id });
  return found(ctx, caller, scope, id);
}

/** Deletes contacts of the organisation; any id outside it makes the whole call a 404 (nothing deleted). */
export async function deleteContacts(ctx: AppContext, caller: Caller, ids: string[]): Promise<string[]> {
  const scope = contactScope(caller);
  const unique = [...new Set(ids)];
  if ((await repo.existingIds(ctx.db, scope, unique)).length !== unique.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  const rows = await repo.deleteContacts(ctx.db, scope, unique);
  const deleted = rows.map((r) => r.id);
  await recordAudit(ctx, caller, { action: 'contact.delete', outcome: 'success', recordType: 'contact', recordId: deleted[0], details: { count: deleted.length } });
  // A deleted contact's photo goes too (its address stops working).
  const photos = contactPhotos(ctx);
  for (const r of rows) if (r.photoKey) await photos.prune(r.id, '');
  return deleted;
}

export async function contactUser(ctx: AppContext, caller: Caller): Promise<ContactUser> {
  const scope = contactScope(caller);
  return { id: caller.id, ...(await repo.userState(ctx.db, scope, caller.id, CONTACT_LIMITS.frequentCount)) };
}

/** Stars or unstars contacts for the caller ('toggle' flips each one). */
export async function star(ctx: AppContext, caller: Caller, ids: string[], mode: boolean | 'toggle'): Promise<ContactUser> {
  const scope = contactScope(caller);
  const unique = [...new Set(ids)];
  if ((await repo.existingIds(ctx.db, scope, unique)).length !== unique.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  if (mode === 'toggle') {
    const starred = new Set(await repo.starredAmong(ctx.db, caller.id, unique));
    await repo.setStarred(ctx.db, caller.id, unique.filter((id) => starred.has(id)), false);
    await repo.setStarred(ctx.db, caller.id, unique.filter((id) => !starred.has(id)), true);
  } else await repo.setStarred(ctx.db, caller.id, unique, mode);
  return contactUser(ctx, caller);
}

// ---- Groups ----

export async function saveGroup(ctx: AppContext, caller: Caller, id: string | null, input: { name: string; contactIds: string[] }) {
  const scope = contactScope(caller);
  if (id) await assertGroup(ctx, scope, caller, id);
  const members = [...new Set(input.contactIds)];
  if ((await repo.existingIds(ctx.db, scope, members)).length !== members.length) throw hidden(CONTACT_MESSAGES.contactNotFound, 'contact_not_found');
  const saved = await repo.saveGroup(ctx.db, scope, caller.id, id, { name: input.name, nameKey: fold(input.name), contactIds: members }, CONTACT_LIMITS.groupsPerUser);
  if (saved === 'limit') throw conflict(CONTACT_MESSAGES.tooManyGroups, 'groups_limit');
  if (!saved) throw conflict(CONTACT_MESSAGES.groupExists, 'group_exists');
  return { id: saved, name: input.name, contactIds: members };
}

export async function deleteGroup(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const scope = contactScope(caller);
  if (!isUuid(id) || !(await repo.deleteGroup(ctx.db, scope, caller.id, id))) throw hidden(CONTACT_MESSAGES.groupNotFound, 'group_not_found');
}

// ---- The patient's view ----

export async function practiceCardFor(ctx: AppContext, caller: Caller): Promise<PracticeCard> {
  const scope = contactScope(caller);
  const row = await repo.practiceCard(ctx.db, scope);
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
