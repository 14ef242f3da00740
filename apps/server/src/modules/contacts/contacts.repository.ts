import { and, asc, desc, eq, gt, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { contactGroupMembers, contactGroups, contacts, contactUserState } from '../../db/schema/contacts.ts';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/scope.ts';
import { organisations, users } from '../../access/views.ts';
import { escapeLike } from '../../lib/text.ts';

// SQL of the address book. Every contact query carries the organisation; every star, count and
// group carries the user as well.

/** The scope of a write that creates rows: one organisation (`ownScope`). */

export type ContactValues = Omit<typeof contacts.$inferInsert, 'id' | 'organizationId'>;

const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  lastName: contacts.lastName,
  avatar: contacts.avatar,
  nickname: contacts.nickname,
  company: contacts.company,
  jobTitle: contacts.jobTitle,
  email: contacts.email,
  phone: contacts.phone,
  address: contacts.address,
  prefix: contacts.prefix,
  emails: contacts.emails,
  phones: contacts.phones,
  street: contacts.street,
  postalCode: contacts.postalCode,
  city: contacts.city,
  region: contacts.region,
  country: contacts.country,
  addressType: contacts.addressType,
  url: contacts.url,
  photoKey: contacts.photoKey,
  birthday: contacts.birthday,
  notes: contacts.notes,
  profession: contacts.profession,
  rpps: contacts.rpps,
  sortKey: contacts.sortKey,
  starred: sql<boolean>`coalesce(${contactUserState.starred}, false)`,
};

export interface ContactFilterSql {
  filter: 'all' | 'frequent' | 'starred' | 'group';
  groupId?: string;
  words: string[];
  profession?: string;
  after?: { sortKey: string; id: string };
  ids?: string[];
}

export async function listContacts(db: Database, scope: OrgScope, userId: string, f: ContactFilterSql, limit: number) {
  const conditions: (SQL | undefined)[] = [orgFilter(scope, contacts.organizationId)];
  if (f.filter === 'starred') conditions.push(eq(contactUserState.starred, true));
  if (f.filter === 'frequent') conditions.push(gt(contactUserState.openCount, 0));
  if (f.filter === 'group' && f.groupId) {
    conditions.push(inArray(contacts.id, db.select({ id: contactGroupMembers.contactId }).from(contactGroupMembers).where(eq(contactGroupMembers.groupId, f.groupId))));
  }
  if (f.profession) conditions.push(eq(contacts.profession, f.profession));
  if (f.ids) conditions.push(inArray(contacts.id, f.ids));
  for (const word of f.words) conditions.push(like(contacts.searchKey, `%${escapeLike(word)}%`));
  if (f.after) conditions.push(sql`(${contacts.sortKey}, ${contacts.id}) > (${f.after.sortKey}, ${f.after.id})`);
  const query = db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(contactUserState, and(eq(contactUserState.contactId, contacts.id), eq(contactUserState.userId, userId)))
    .where(and(...conditions));
  // Frequent contacts: the ones this user opens most, most opened first.
  if (f.filter === 'frequent') return query.orderBy(desc(contactUserState.openCount), asc(contacts.sortKey), asc(contacts.id)).limit(Math.min(limit, 10));
  return query.orderBy(asc(contacts.sortKey), asc(contacts.id)).limit(limit);
}
export type ContactRow = Awaited<ReturnType<typeof listContacts>>[number];

export async function findContact(db: Database, scope: OrgScope, userId: string, id: string) {
  const [row] = await listContacts(db, scope, userId, { filter: 'all', words: [], ids: [id] }, 1);
  return row ?? null;
}

/** Which of these ids are contacts of the organisation. */
export async function existingIds(db: Database, scope: OrgScope, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(orgFilter(scope, contacts.organizationId), inArray(contacts.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertContacts(db: Database, scope: OneOrgScope, values: ContactValues[]): Promise<string[]> {
  if (!values.length) return [];
  // One statement: an import is all or nothing.
  const rows = await db
    .insert(contacts)
    .values(values.map((v) => ({ ...v, organizationId: scope.organizationId })))
    .returning({ id: contacts.id });
  return rows.map((r) => r.id);
}

export async function updateContact(db: Database, scope: OrgScope, id: string, values: Partial<ContactValues>): Promise<boolean> {
  const rows = await db
    .update(contacts)
    .set(values)
    .where(and(eq(contacts.id, id), orgFilter(scope, contacts.organizationId)))
    .returning({ id: contacts.id });
  return rows.length > 0;
}

export async function deleteContacts(db: Database, scope: OrgScope, ids: string[]): Promise<{ id: string; photoKey: string }[]> {
  return db
    .delete(contacts)
    .where(and(orgFilter(scope, contacts.organizationId), inArray(contacts.id, ids)))
    .returning({ id: contacts.id, photoKey: contacts.photoKey });
}

/** Contacts of the organisation with one of these emails or phones (the import's duplicate rule). */
export async function duplicates(db: Database, scope: OrgScope, emailKeys: string[], phoneKeys: string[]) {
  const keys: SQL[] = [];
  if (emailKeys.length) keys.push(inArray(contacts.emailKey, emailKeys));
  if (phoneKeys.length) keys.push(inArray(contacts.phoneKey, phoneKeys));
  if (!keys.length) return [];
  return db
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, emailKey: contacts.emailKey, phoneKey: contacts.phoneKey })
    .from(contacts)
    .where(and(orgFilter(scope, contacts.organizationId), or(...keys)));
}

// ---- Per user ----

export async function setStarred(db: Database, userId: string, ids: string[], starred: boolean): Promise<void> {
  if (!ids.length) return;
  await db
    .insert(contactUserState)
    .values(ids.map((contactId) => ({ userId, contactId, starred })))
    .onConflictDoUpdate({ target: [contactUserState.userId, contactUserState.contactId], set: { starred } });
}

export async function starredAmong(db: Database, userId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: contactUserState.contactId })
    .from(contactUserState)
    .where(and(eq(contactUserState.userId, userId), inArray(contactUserState.contactId, ids), eq(contactUserState.starred, true)));
  return rows.map((r) => r.id);
}

export async function recordOpen(db: Database, userId: string, contactId: string, at: Date): Promise<void> {
  await db
    .insert(contactUserState)
    .values({ userId, contactId, openCount: 1, lastOpenedAt: at })
    .onConflictDoUpdate({ target: [contactUserState.userId, contactUserState.contactId], set: { openCount: sql`${contactUserState.openCount} + 1`, lastOpenedAt: at } });
}

/** SPEC §3 Contact user: starred ids, the most opened ids, the user's groups (in their organisation). */
export async function userState(db: Database, scope: OrgScope, userId: string, frequentCount: number) {
  const inOrg = inArray(contactUserState.contactId, db.select({ id: contacts.id }).from(contacts).where(orgFilter(scope, contacts.organizationId)));
  const starred = await db
    .select({ id: contactUserState.contactId })
    .from(contactUserState)
    .where(and(eq(contactUserState.userId, userId), eq(contactUserState.starred, true), inOrg));
  const frequent = await db
    .select({ id: contactUserState.contactId })
    .from(contactUserState)
    .where(and(eq(contactUserState.userId, userId), gt(contactUserState.openCount, 0), inOrg))
    .orderBy(desc(contactUserState.openCount), desc(contactUserState.lastOpenedAt))
    .limit(frequentCount);
  const groups = await listGroups(db, scope, userId);
  return { starred: starred.map((r) => r.id), frequentContacts: frequent.map((r) => r.id), groups };
}

export async function listGroups(db: Database, scope: OrgScope, userId: string) {
  const groups = await db
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(and(eq(contactGroups.userId, userId), orgFilter(scope, contactGroups.organizationId)))
    .orderBy(asc(contactGroups.nameKey));
  if (!groups.length) return [];
  const members = await db
    .select({ groupId: contactGroupMembers.groupId, contactId: contactGroupMembers.contactId })
    .from(contactGroupMembers)
    .where(
      inArray(
        contactGroupMembers.groupId,
        groups.map((g) => g.id),
      ),
    );
  return groups.map((g) => ({ ...g, contactIds: members.filter((m) => m.groupId === g.id).map((m) => m.contactId) }));
}

export async function findGroup(db: Database, scope: OrgScope, userId: string, id: string) {
  const [row] = await db
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.userId, userId), orgFilter(scope, contactGroups.organizationId)))
    .limit(1);
  return row ?? null;
}

/**
 * Creates or replaces a group: null when the user has another group of that name, 'limit' when a
 * new group would pass `max`. The user's row is locked first, so that two creations at once count
 * one after the other (FOR NO KEY UPDATE leaves the group's foreign key check free).
 */
export async function saveGroup(
  db: Database,
  scope: OneOrgScope,
  userId: string,
  id: string | null,
  group: { name: string; nameKey: string; contactIds: string[] },
  max: number,
): Promise<string | 'limit' | null> {
  const { name, nameKey, contactIds } = group;
  return db.transaction(async (tx) => {
    if (!id) {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
      const [{ n }] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(contactGroups).where(eq(contactGroups.userId, userId));
      if (n >= max) return 'limit';
    }
    const [clash] = await tx
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(eq(contactGroups.userId, userId), eq(contactGroups.nameKey, nameKey)))
      .limit(1);
    if (clash && clash.id !== id) return null;
    let groupId = id;
    if (groupId) await tx.update(contactGroups).set({ name, nameKey }).where(and(eq(contactGroups.id, groupId), orgFilter(scope, contactGroups.organizationId)));
    else [{ id: groupId }] = await tx.insert(contactGroups).values({ organizationId: scope.organizationId, userId, name, nameKey }).returning({ id: contactGroups.id });
    await tx.delete(contactGroupMembers).where(eq(contactGroupMembers.groupId, groupId!));
    if (contactIds.length) await tx.insert(contactGroupMembers).values(contactIds.map((contactId) => ({ groupId: groupId!, contactId })));
    return groupId;
  });
}

export async function deleteGroup(db: Database, scope: OrgScope, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.userId, userId), orgFilter(scope, contactGroups.organizationId)))
    .returning({ id: contactGroups.id });
  return rows.length > 0;
}

/** The practice's public card (name, address, phone, email, opening hours from its settings). */
export async function practiceCard(db: Database, scope: OrgScope) {
  const [row] = await db
    .select({ name: organisations.name, address: organisations.address, phone: organisations.phone, email: organisations.email, settings: organisations.settings })
    .from(organisations)
    .where(orgFilter(scope, organisations.id))
    .limit(1);
  return row ?? null;
}

/** Who writes to the practice ("Nous écrire"): name and address for the practice's answer. */
export async function senderOf(db: Database, userId: string): Promise<{ name: string; email: string }> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { name: [row?.firstName, row?.lastName].filter(Boolean).join(' '), email: row?.email ?? '' };
}

/** Sets or clears the key of a contact's photo thumbnail (the organisation's contact only). */
export async function setPhotoKey(db: Database, scope: OrgScope, id: string, photoKey: string): Promise<void> {
  await db
    .update(contacts)
    .set({ photoKey })
    .where(and(orgFilter(scope, contacts.organizationId), eq(contacts.id, id)));
}
