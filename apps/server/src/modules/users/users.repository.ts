import { and, asc, count, eq, inArray, ne, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { jobSpecialists, organisations } from '../../access/views.ts';
import { orgFilter, type OrgScope } from '../../access/scope.ts';
import { COUNT_CAP, boundedOffset, cappedTotal, decodeCursor, encodeCursor, keysetAfterTuple, keysetTupleKey, keysetTupleParams, preparedKeysetAfterTuple } from '../../lib/keyset.ts';
import { orgScopeParams, orgScopeShape, preparedOrgScope } from '../../access/filters.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import { mapUniqueViolation } from '../../lib/pg-errors.ts';
import { escapeLike } from '../../lib/text.ts';
import { signInChanged } from '../../lib/auth-cache.ts';

export type UserRow = typeof users.$inferSelect;

// ---- Account management (/user) ----

export interface ManagedUserRow {
  user: UserRow;
  organisationName: string | null;
  specialistLabel: string | null;
  /** Expiry of the newest invitation link still usable (not used, not revoked), if any. */
  invitationExpiresAt: Date | null;
}

const invitationExpiry = sql<Date | null>`(
  select max(t.expires_at) from user_tokens t
  where t.user_id = ${sql.raw('"users"."id"')} and t.kind = 'invitation' and t.used_at is null and t.revoked_at is null
)`.mapWith((v: string | Date | null) => (v == null ? null : new Date(v)));

// The list's order (last name, first name, id, case-insensitive), as the users_list_*_idx
// indexes write it: a cursor reads the rows after it through the index (lib/keyset).
const nameOrder = [sql`lower(${users.lastName})`, sql`lower(${users.firstName})`];
const USERS_CURSOR_TAG = 'users:name';

const managedSelection = {
  user: users,
  organisationName: organisations.name,
  specialistLabel: jobSpecialists.label,
  invitationExpiresAt: invitationExpiry,
};

/** The accounts with their organisation and specialty; `db.with(…)` when the statement has a CTE. */
function managedBase(db: Pick<Database, 'select'>) {
  return db
    .select({ ...managedSelection, sortKey: keysetTupleKey(nameOrder) })
    .from(users)
    .leftJoin(organisations, eq(organisations.id, users.organizationId))
    .leftJoin(jobSpecialists, eq(jobSpecialists.id, users.jobSpecialistId));
}

export interface UserListFilter {
  /** The organisations listed (SA, DE: every one unless they name one). */
  scope: OrgScope;
  q?: string;
  role?: string;
  active?: boolean;
  /** Whether the search reads emails: not for callers who may not see a patient's (patient accounts excluded then). */
  searchContacts: boolean;
  page: number;
  pageSize: number;
  /** Keyset paging: the `nextCursor` of the previous page (then `page` is only echoed). */
  cursor?: string;
}


function userListWhere(f: UserListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  const inScope = orgFilter(f.scope, users.organizationId);
  if (inScope) conditions.push(inScope);
  if (f.role) conditions.push(eq(users.role, f.role));
  if (f.active !== undefined) conditions.push(eq(users.active, f.active));
  if (f.q) {
    const like = `%${escapeLike(f.q.toLowerCase())}%`;
    const email = f.searchContacts ? sql`lower(${users.email}) like ${like}` : sql`(${users.role} <> 'PT' and lower(${users.email}) like ${like})`;
    conditions.push(
      sql`(lower(${users.username}) like ${like} or ${email}
        or lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}
        or lower(${users.lastName} || ' ' || ${users.firstName}) like ${like})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of accounts, its `nextCursor` and the number of matches exact up to COUNT_CAP (like the
 * patients' list): a cursor reads the rows after it through the name index; a page number reads
 * its ids from the index (OFFSET skips index entries, not joined rows with their invitation).
 * Without a search, the page and the count are prepared statements (issue 31), one per shape
 * (one organisation or every one, by cursor or by number, filtered by role, by state), every value
 * a placeholder bound per call, the scope's organisation included. A search is built per request
 * (rarer; its pattern is a value, but the shape would multiply the statements for little).
 */
export async function listManagedUsers(
  db: Database,
  f: UserListFilter,
): Promise<{ rows: ManagedUserRow[]; total: number; totalCapped: boolean; nextCursor: string | null }> {
  const position = f.cursor ? decodeCursor(USERS_CURSOR_TAG, f.cursor) : undefined;
  const offset = position ? 0 : boundedOffset((f.page - 1) * f.pageSize);
  let found: unknown[];
  let n: number;
  if (f.q) {
    const where = userListWhere(f);
    const after = position && keysetAfterTuple(nameOrder, users.id, false, position);
    [found, [{ n }]] = await Promise.all([searchPage(db, where, after, f.pageSize + 1, offset), usersCount(db, where)]);
  } else {
    const filters = `${orgScopeShape(f.scope)}_${f.role ? 'role' : 'any'}_${f.active === undefined ? 'any' : 'state'}`;
    const where = () =>
      userListWhere({
        ...f,
        scope: preparedOrgScope(f.scope),
        role: f.role && (sql.placeholder('role') as unknown as string),
        active: f.active === undefined ? undefined : (sql.placeholder('active') as unknown as boolean),
      });
    const page = preparedOnce(db, `users_page_${filters}_${position ? 'key' : 'number'}`, () =>
      usersPage(db, where(), position && preparedKeysetAfterTuple(nameOrder, users.id, false), sql.placeholder('limit'), sql.placeholder('offset')),
    );
    const total = preparedOnce(db, `users_count_${filters}`, () => usersCount(db, where()));
    const values = { ...orgScopeParams(f.scope), role: f.role ?? null, active: f.active ?? null };
    [found, [{ n }]] = await Promise.all([
      page.execute({ ...values, ...(position ? keysetTupleParams(position, nameOrder.length) : {}), limit: f.pageSize + 1, offset }),
      total.execute(values),
    ]);
  }
  const more = found.length > f.pageSize;
  const rows = (more ? found.slice(0, f.pageSize) : found) as (ManagedUserRow & { sortKey: string })[];
  const last = rows[rows.length - 1];
  return {
    rows,
    ...cappedTotal(n),
    nextCursor: more && last ? encodeCursor(USERS_CURSOR_TAG, { key: last.sortKey, id: last.user.id }) : null,
  };
}

type Limit = number | Placeholder;

/** The statement of one page: after a cursor (`after`) or at an offset; values given or placeholders. */
function usersPage(db: Database, where: SQL | undefined, after: SQL | undefined, limit: Limit, offset: Limit) {
  const order = [...nameOrder.map((c) => asc(c)), asc(users.id)];
  return after
    ? managedBase(db).where(and(where, after)).orderBy(...order).limit(limit)
    : managedBase(db)
        .where(inArray(users.id, db.select({ id: users.id }).from(users).where(where).orderBy(...order).limit(limit).offset(offset)))
        .orderBy(...order);
}

/**
 * One page of a search. Its matches are first read through the trigram indexes, up to the count's
 * cap (`matches`): when they are fewer, the page is sorted from them (a few hundred rows at most);
 * past the cap, the name index is walked until the page is full, as without a search (many
 * matches: the walk stops early). Walking the name index for a rare word read every account
 * before it (« nom42 »: 2,400 accounts for 26 matches, 3.3 ms against 1 ms).
 */
function searchPage(db: Database, where: SQL | undefined, after: SQL | undefined, limit: number, offset: number) {
  const matches = db.$with('matches').as(
    db
      .select({ id: users.id, last: sql`${nameOrder[0]}`.as('last'), first: sql`${nameOrder[1]}`.as('first') })
      .from(users)
      .where(and(where, after))
      .limit(COUNT_CAP + 1),
  );
  const few = sql`(select count(*) from ${matches}) <= ${COUNT_CAP}`;
  const sorted = sql`select ${matches.id} from ${matches} where ${few} order by ${matches.last}, ${matches.first}, ${matches.id} limit ${limit} offset ${offset}`;
  const walked = db
    .select({ id: users.id })
    .from(users)
    .where(and(where, after, sql`not ${few}`))
    .orderBy(...nameOrder.map((c) => asc(c)), asc(users.id))
    .limit(limit)
    .offset(offset);
  return managedBase(db.with(matches))
    .where(sql`${users.id} in ((${sorted}) union all (${walked}))`)
    .orderBy(...nameOrder.map((c) => asc(c)), asc(users.id));
}

/** The number of matches; stops counting at the cap: the cost does not grow with the practice's patient accounts. */
function usersCount(db: Database, where: SQL | undefined) {
  return db.select({ n: count() }).from(db.select({ one: sql`1` }).from(users).where(where).limit(COUNT_CAP + 1).as('capped'));
}

/**
 * One account inside the scope's organisation (SA and DE: any). `lock`: its row is locked FOR NO
 * KEY UPDATE, for a change checked on the account as it is when written (inside that transaction).
 */
export async function findManagedUser(db: Database, scope: OrgScope, id: string, lock = false): Promise<ManagedUserRow | undefined> {
  const query = managedBase(db)
    .where(and(eq(users.id, id), orgFilter(scope, users.organizationId)))
    .limit(1);
  const [row] = lock ? await query.for('no key update', { of: users }) : await query;
  return row as ManagedUserRow | undefined;
}

/** The ids of the accounts already using this username or email (case-insensitive). */
export async function findLoginConflicts(
  db: Database,
  { username, email, exceptId }: { username?: string; email?: string; exceptId?: string },
): Promise<{ username: boolean; email: boolean }> {
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      and(
        or(
          username ? sql`lower(${users.username}) = ${username.toLowerCase()}` : undefined,
          email ? sql`lower(${users.email}) = ${email.toLowerCase()}` : undefined,
        ),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return {
    username: !!username && rows.some((r) => r.username.toLowerCase() === username.toLowerCase()),
    email: !!email && rows.some((r) => r.email.toLowerCase() === email.toLowerCase()),
  };
}

export type NewUser = typeof users.$inferInsert;

const UNIQUE_LOGINS = { users_username_key: 'username', users_email_key: 'email', users_patient_key: 'patient' } as const;

/** Inserts an account; a lost race on a unique index answers which one (username, email, patient). */
export async function insertUser(db: Database, values: NewUser) {
  return mapUniqueViolation(async () => {
    const [row] = await db.insert(users).values(values).returning({ id: users.id });
    return row.id;
  }, UNIQUE_LOGINS as Record<string, 'username' | 'email' | 'patient'>);
}

/** The columns of an account an administrator edits (PATCH /api/users/:id). */
export type UserChanges = Partial<Pick<NewUser, 'firstName' | 'lastName' | 'job' | 'jobSpecialistId' | 'phoneNumber' | 'professionalNumber' | 'role'>>;

/**
 * Writes only the columns the request changed, inside the scope's organisation: a column it did
 * not send keeps what another request wrote meanwhile (a phone edit must not write back the role a
 * concurrent demotion just removed, which would make the old role's tokens valid again). The
 * display name is rebuilt in the statement from the names as they are then. False: no such account.
 */
export async function updateUserRow(db: Database, scope: OrgScope, id: string, changes: UserChanges, at: Date): Promise<boolean> {
  const name = (value: string | undefined, column: AnyColumn) => (value === undefined ? sql`${column}` : sql`cast(${value} as text)`);
  const renamed = changes.firstName !== undefined || changes.lastName !== undefined;
  const updated = await db
    .update(users)
    .set({
      ...changes,
      ...(renamed ? { displayName: sql`${name(changes.firstName, users.firstName)} || ' ' || ${name(changes.lastName, users.lastName)}` } : {}),
      updatedAt: at,
    })
    .where(and(eq(users.id, id), orgFilter(scope, users.organizationId)))
    .returning({ id: users.id });
  signInChanged();
  return updated.length > 0;
}

/**
 * Runs an account change in one transaction (`work` locks the account first: findManagedUser with
 * `lock`), then forgets this process's cached sign-ins once it is committed.
 */
export async function inAccountTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  const result = await db.transaction(work);
  signInChanged();
  return result;
}

/** Deactivation moves the token version: every token already issued stops working at once. */
export async function setUserActive(db: Database, scope: OrgScope, id: string, active: boolean, at: Date): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ active, updatedAt: at, ...(active ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }) })
    .where(and(eq(users.id, id), orgFilter(scope, users.organizationId)))
    .returning({ id: users.id });
  signInChanged();
  return updated.length > 0;
}

// ---- Account writes other areas ask for (users.accounts.service.ts) ----

export async function touchSignIn(db: Database, id: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, id));
}

export async function insertSelfRegistered(
  db: Database,
  values: { username: string; email: string; displayName: string; passwordHash: string },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ ...values, role: 'US', organizationId: null, emailConfirmed: false, provider: 'jwt' })
    .returning({ id: users.id });
  return row.id;
}

export async function updateOwnPreferences(
  db: Database,
  id: string,
  values: { settings?: Record<string, unknown>; shortcuts?: string[]; displayName?: string },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Sets a new password hash. The token version moves, so every token issued before stops working;
 * the link came by mail, so the address is proven as well.
 */
export async function setPasswordFromLink(db: Database, id: string, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, emailConfirmed: true, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
    .where(eq(users.id, id));
  signInChanged();
}

export async function markEmailConfirmed(db: Database, id: string, at: Date): Promise<void> {
  await db.update(users).set({ emailConfirmed: true, updatedAt: at }).where(eq(users.id, id));
}
