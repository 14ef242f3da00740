import { and, count, eq, inArray, isNotNull, isNull, like, ne, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm/subquery';
import type { PatientSort } from '@wellbe/shared/domain/patient-files';
import type { PatientScope } from '../../access/patients.ts';
import { patientFilter, preparedScope, preparedScopeShape, scopeParams } from '../../access/filters.ts';
import { orgFilter, type OneOrgScope } from '../../access/scope.ts';
import { users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { patients } from '../../db/schema/patients.ts';
import type pg from 'pg';
import { EXPORT_BATCH_ROWS, openCursor } from '../../lib/db-cursor.ts';
import { COUNT_CAP, boundedOffset, cappedTotal, decodeCursor, encodeCursor, keysetAfter, keysetKey, type KeysetOrder, type KeysetPosition } from '../../lib/keyset.ts';
import { auditParams, preparedAuditInStatement, type AuditRow } from '../../lib/audit.ts';
import { mapUniqueViolation } from '../../lib/pg-errors.ts';
import { literalInt, preparedOnce, replannedOnce } from '../../lib/prepared.ts';
import { escapeLike } from '../../lib/text.ts';

// The only code of the patients area that touches Drizzle; answers plain rows (DESIGN §2). Every
// read takes the caller's patient scope (access module) and applies it inside the query.

/** Which SPEC §5 duplicate rule a write ran into. */
export type PatientDuplicate = 'name' | 'phone';

const DUPLICATE_CONSTRAINTS: Record<string, PatientDuplicate> = { patients_org_name_key: 'name', patients_org_phone_key: 'phone' };

export interface NewPatient {
  fullName: string;
  phoneNumber: string;
  email: string;
  nameKey: string;
  phoneKey: string;
  searchKey: string;
  createdBy: string;
}

/** Inserts a patient in the organisation the call acts for; a lost race on the SPEC §5 unique indexes answers the duplicate. */
export async function insertPatient(db: Database, scope: OneOrgScope, values: NewPatient): Promise<{ ok: true; value: string } | { ok: false; conflict: PatientDuplicate }> {
  return mapUniqueViolation(async () => {
    const [row] = await db.insert(patients).values({ ...values, organizationId: scope.organizationId }).returning({ id: patients.id });
    return row.id;
  }, DUPLICATE_CONSTRAINTS);
}

/** The one duplicate rule (SPEC §5): which keys live patients of the organisation hold, one patient excepted. */
export async function findDuplicates(db: Database, scope: OneOrgScope, keys: { nameKey: string; phoneKey: string }, exceptId?: string) {
  const rows = await db
    .select({ nameKey: patients.nameKey, phoneKey: patients.phoneKey })
    .from(patients)
    .where(
      and(
        orgFilter(scope, patients.organizationId),
        isNull(patients.archivedAt),
        exceptId ? ne(patients.id, exceptId) : undefined,
        or(eq(patients.nameKey, keys.nameKey), eq(patients.phoneKey, keys.phoneKey)),
      ),
    )
    .limit(2);
  const name = rows.some((r) => r.nameKey === keys.nameKey);
  const phone = rows.some((r) => r.phoneKey === keys.phoneKey);
  return name ? 'name' : phone ? 'phone' : null;
}

// ---- The list (/api/patients and the panel's 'Choix du patient') ----

export interface PatientListFilter {
  /** The caller's scope for this list, its organisation chosen. */
  scope: PatientScope & { organizationId: string };
  /** Archived patients only (SA, DE), instead of live ones. */
  archivedOnly: boolean;
  /** Folded words; every word must appear in the trigram-indexed search key. */
  words: string[];
  /** Digits of a phone-like search, in each form it may be stored (national, +33): any matches. */
  phones: string[];
}

export interface PatientTableSort {
  sort: PatientSort;
  order: 'asc' | 'desc';
}

const tableColumns = {
  id: patients.id,
  fullName: patients.fullName,
  phoneNumber: patients.phoneNumber,
  email: patients.email,
  birthDate: patients.birthDate,
  lastConsultationAt: patients.lastConsultationAt,
  consultationCount: patients.consultationCount,
  archivedAt: patients.archivedAt,
};

/**
 * The list's conditions. `bound`: the search's words and phones are placeholders (`word_<i>`,
 * `phone_<i>`, their values from searchParams), for a statement built once per shape (pagePatients).
 */
function listWhere(f: PatientListFilter, bound = false): SQL {
  const conditions: SQL[] = [patientFilter({ ...f.scope, archived: true }), f.archivedOnly ? isNotNull(patients.archivedAt) : isNull(patients.archivedAt)];
  const value = (name: string, text: string) => (bound ? (sql.placeholder(name) as unknown as string) : containing(text));
  // The key is already folded: LIKE (not ILIKE) on it, served by the trigram GIN index.
  f.words.forEach((word, i) => conditions.push(like(patients.searchKey, value(`word_${i}`, word))));
  // Phone digits against the canonical phone key (33…): its own trigram index (migration performance).
  if (f.phones.length) conditions.push(or(...f.phones.map((p, i) => like(patients.phoneKey, value(`phone_${i}`, p))))!);
  return and(...conditions)!;
}

/** A LIKE pattern for text anywhere, its own % and _ taken as characters. */
function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** The values of listWhere's bound search (its placeholders). */
function searchParams(f: PatientListFilter): Record<string, string> {
  const params: Record<string, string> = {};
  f.words.forEach((word, i) => (params[`word_${i}`] = containing(word)));
  f.phones.forEach((phone, i) => (params[`phone_${i}`] = containing(phone)));
  return params;
}

function tableOrder(s: PatientTableSort): SQL[] {
  const desc = s.order === 'desc';
  // Orders written exactly as the partial indexes of migrations patients-list-*, so that the
  // planner walks an index instead of sorting the organisation's patients.
  switch (s.sort) {
    case 'lastConsultation':
      return desc
        ? [sql`${patients.lastConsultationAt} desc nulls last`, sql`${patients.id} desc nulls last`]
        : [sql`${patients.lastConsultationAt} asc`, sql`${patients.id} asc`];
    case 'consultations':
      return desc ? [sql`${patients.consultationCount} desc`, sql`${patients.id} desc`] : [sql`${patients.consultationCount} asc`, sql`${patients.id} asc`];
    case 'birthDate':
      return desc ? [sql`${patients.birthDate} desc`, sql`${patients.id} desc`] : [sql`${patients.birthDate} asc`, sql`${patients.id} asc`];
    default:
      return desc ? [sql`${patients.nameKey} desc`, sql`${patients.id} desc`] : [sql`${patients.nameKey} asc`, sql`${patients.id} asc`];
  }
}

/** The keyset ordering of each sort (lib/keyset), the same as tableOrder. */
function keysetOrder(s: PatientTableSort): KeysetOrder {
  const desc = s.order === 'desc';
  switch (s.sort) {
    case 'lastConsultation':
      // desc is written 'nulls last' (its index); asc leaves nulls last too (PostgreSQL's default).
      return { column: patients.lastConsultationAt, id: patients.id, desc, nullsFirst: false, nullable: true, type: 'timestamptz' };
    case 'consultations':
      return { column: patients.consultationCount, id: patients.id, desc, type: 'int' };
    case 'birthDate':
      return { column: patients.birthDate, id: patients.id, desc, nullable: true, type: 'date' };
    default:
      return { column: patients.nameKey, id: patients.id, desc, type: 'text' };
  }
}

export interface PatientPageRequest {
  limit: number;
  /** OFFSET paging (a page number chosen in the list); ignored with a cursor. */
  offset: number;
  /** Keyset paging: the `nextCursor` of the previous page. */
  cursor?: string;
}

/** The journal row of a list read (lib/audit's auditRow), its `count` worked out by the statement. */
export type PageJournal = AuditRow;

/** A page's values bound at execution: its limit, offset or cursor position (placeholders of a prepared page). */
interface PageValues {
  limit: Placeholder | number;
  limitPlusOne: Placeholder | number;
  offset: Placeholder | number;
  position?: KeysetPosition;
}

/**
 * Prepared pages of the list, one per shape (sort, order, by number or after a cursor, live or
 * archived, one patient or the organisation, journalled or not), built and named once per database
 * handle (lib/prepared) and planned once per connection (issue 31: building and planning it per
 * request was about a third of a list request's Node CPU, bench of 28 Nov, docs/scaling.md). Every value, the scope's included, is a placeholder bound per request.
 * A search's statement is built once per shape as well (how many words, how many phone forms: its
 * words are placeholders) and named on sessions that plan each execution (lib/prepared replannedOnce),
 * so PostgreSQL parses it once and still plans it for each request's words: a rare name walks the
 * trigram index, a common one the sort's, which one generic plan would not tell apart. Building it
 * per request was a third of a search's Node CPU (issue 31, docs/scaling.md).
 *
 * Planned once for real: the screens' page sizes and the count's cap are written into the text
 * (literalInt) and the first page has no OFFSET, so that PostgreSQL's generic plan is estimated
 * like a custom one and kept after the fifth execution (first pages and pages after a cursor). With
 * `LIMIT $n OFFSET $m` it was estimated at 10 % of the organisation, its generic plan a sequential
 * scan, and every execution was planned again (pg_prepared_statements: 0 generic plans; 0.3 ms of
 * planning for 0.3 ms of execution, docs/scaling.md). A page picked by number keeps its OFFSET a
 * placeholder (still planned per request), another page size its LIMIT.
 */
const PLANNED_PAGE_SIZES = new Set([10, 25, 50, 100]);

type PageRow = { n: number; row: (PatientTableRowValues & { sortKey: string | null }) | null };

/**
 * One page of the list, its `nextCursor` (keyset, lib/keyset) and the number of matching patients,
 * exact up to COUNT_CAP. A cursor reads the rows after it through the sort's index; a page number
 * still works (OFFSET, bounded by boundedOffset) for the pages a user picks by number. One statement
 * (issue 31): the page, its capped total and, when given, the journal row are CTEs of one query; the
 * total is the row the page is left-joined to, so an empty page still answers it.
 */
export async function pagePatients(db: Database, f: PatientListFilter, s: PatientTableSort, page: PatientPageRequest, journal?: PageJournal) {
  const tag = `patients:${s.sort}:${s.order}`;
  const position = page.cursor ? decodeCursor(tag, page.cursor, { key: keysetOrder(s).type }) : undefined;
  if (!position) boundedOffset(page.offset);
  const planned = PLANNED_PAGE_SIZES.has(page.limit);
  const first = !position && page.offset === 0;
  const by = position ? (position.key === null ? 'null' : 'key') : first ? 'first' : 'number';
  const searched = f.words.length || f.phones.length ? `q${f.words.length}_${f.phones.length}` : 'all';
  const shape = [s.sort, s.order, by, f.archivedOnly ? 'archived' : 'live', f.scope.patientId ? 'one' : 'org', journal ? 'j' : 'r', planned ? page.limit : 'n', searched].join('_');
  // A search is built once per shape too (how many words or phone forms), named, on sessions where
  // PostgreSQL plans it for each request's words (replannedOnce, lib/prepared.ts).
  const build = (on: Database) => {
    const at = position && { key: position.key === null ? null : (sql.placeholder('cursor_key') as unknown as string), id: sql.placeholder('cursor_id') as unknown as string };
    const values = {
      limit: planned ? literalInt(page.limit) : sql.placeholder('page_limit'),
      limitPlusOne: planned ? literalInt(page.limit + 1) : sql.placeholder('page_limit_1'),
      offset: first ? 0 : sql.placeholder('page_offset'),
      position: at,
    };
    const cte = journal && preparedAuditInStatement(on, { count: sql<number>`(select least(count(*), ${values.limit}) from page)` });
    return pageQuery(on, { ...f, scope: preparedScope(f.scope) }, s, values, cte);
  };
  const name = `patients_page_${shape}`;
  const statement = searched === 'all' ? preparedOnce<PageRow[]>(db, name, () => build(db)) : replannedOnce<PageRow[]>(db, name, build);
  const found = await statement.execute({
    ...scopeParams(f.scope),
    ...searchParams(f),
    ...(journal ? auditParams(journal) : {}),
    page_limit: page.limit,
    page_limit_1: page.limit + 1,
    page_offset: page.offset,
    cursor_key: position?.key ?? null,
    cursor_id: position?.id ?? null,
  });
  const rows = found.flatMap((r) => (r.row ? [r.row] : []));
  const more = rows.length > page.limit;
  if (more) rows.length = page.limit;
  const last = rows[rows.length - 1];
  return {
    rows,
    ...cappedTotal(found[0].n),
    nextCursor: more && last ? encodeCursor(tag, { key: last.sortKey, id: last.id }) : null,
  };
}

/** The statement of one page (pagePatients): its values given, or placeholders of a prepared page. */
function pageQuery(db: Database, f: PatientListFilter, s: PatientTableSort, page: PageValues, journal?: WithSubquery) {
  const where = listWhere(f, true);
  const order = tableOrder(s);
  const keyset = keysetOrder(s);
  const after = page.position ? keysetAfter(keyset, page.position) : undefined;
  // The page's own order, numbered: a CTE's order is not kept by the query that reads it.
  const columns = { ...tableColumns, sortKey: keysetKey(keyset.column).as('sort_key'), rank: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('rank') };
  // A first page or one after a cursor: its rows read in order up to the limit. (Through the ids
  // of a page by number it cost PostgreSQL a semi-join more to plan and run: 0.26 → 0.21 ms of
  // planning, 0.33 → 0.25 ms of execution for a search, issue 31.)
  const pageRows = db.$with('page').as(
    after || page.offset === 0
      ? db.select(columns).from(patients).where(after ? and(where, after) : where).orderBy(...order).limit(page.limitPlusOne)
      : // A page by number: its ids from an index-only scan (OFFSET skips index entries, not table rows).
        db
          .select(columns)
          .from(patients)
          .where(inArray(patients.id, db.select({ id: patients.id }).from(patients).where(where).orderBy(...order).limit(page.limitPlusOne).offset(page.offset)))
          .orderBy(...order),
  );
  // Stops counting at the cap: the cost does not grow with the practice.
  const total = db.$with('total').as(db.select({ n: count().as('n') }).from(db.select({ one: sql`1` }).from(patients).where(where).limit(literalInt(COUNT_CAP + 1)).as('capped')));
  const shown = {
    id: pageRows.id,
    fullName: pageRows.fullName,
    phoneNumber: pageRows.phoneNumber,
    email: pageRows.email,
    birthDate: pageRows.birthDate,
    lastConsultationAt: pageRows.lastConsultationAt,
    consultationCount: pageRows.consultationCount,
    archivedAt: pageRows.archivedAt,
    sortKey: pageRows.sortKey,
  };
  return db
    .with(...(journal ? [pageRows, total, journal] : [pageRows, total]))
    .select({ n: total.n, row: shown })
    .from(total)
    .leftJoin(pageRows, sql`true`)
    .orderBy(pageRows.rank);
}

/** Every matching patient for the CSV export, in the list's order, read through a cursor (lib/db-cursor). */
export function openPatientsCursor(db: Database, pool: pg.Pool, f: PatientListFilter, s: PatientTableSort) {
  const query = db.select(tableColumns).from(patients).where(listWhere(f)).orderBy(...tableOrder(s));
  return openCursor<PatientTableRowValues>(pool, query, Object.keys(tableColumns), EXPORT_BATCH_ROWS);
}
export interface PatientTableRowValues {
  id: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  birthDate: string | null;
  lastConsultationAt: Date | null;
  consultationCount: number;
  archivedAt: Date | null;
}

// ---- One patient ----

/**
 * A patient inside the caller's scope, or null (outside it and unknown read the same). The first
 * read of every patient-scoped request: prepared once per shape of scope (lib/prepared), its
 * organisation, patient and id bound per call.
 */
export async function findPatientRecord(db: Database, scope: PatientScope, id: string) {
  const statement = preparedOnce(db, `patient_record_${preparedScopeShape(scope)}`, () =>
    db
      .select({
        id: patients.id,
        organizationId: patients.organizationId,
        fullName: patients.fullName,
        phoneNumber: patients.phoneNumber,
        email: patients.email,
        birthDate: patients.birthDate,
        sex: patients.sex,
        address: patients.address,
        notes: patients.notes,
        createdAt: patients.createdAt,
        archivedAt: patients.archivedAt,
        archivedByName: users.displayName,
      })
      .from(patients)
      .leftJoin(users, eq(users.id, patients.archivedBy))
      .where(and(eq(patients.id, sql.placeholder('id')), patientFilter(preparedScope(scope))))
      .limit(1),
  );
  const [row] = await statement.execute({ ...scopeParams(scope), id });
  return row ?? null;
}
export type PatientRecord = NonNullable<Awaited<ReturnType<typeof findPatientRecord>>>;

/** The account already linked to a patient inside the scope (a PT account), if any. */
export async function findPatientAccount(db: Database, scope: PatientScope, patientId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(patients, eq(patients.id, users.patientId))
    .where(and(eq(users.patientId, patientId), patientFilter(scope)))
    .limit(1);
  return row?.id ?? null;
}

export interface IdentityValues {
  fullName: string;
  phoneNumber: string;
  email: string;
  nameKey: string;
  phoneKey: string;
  searchKey: string;
  birthDate: string | null;
  sex: string | null;
  address: string | null;
  notes: string | null;
}

/**
 * Updates a live patient's identity inside the scope; false when it was archived meanwhile; a lost
 * race on the duplicate indexes answers the duplicate.
 */
export async function updateIdentity(db: Database, scope: PatientScope, id: string, values: IdentityValues, now: Date) {
  return mapUniqueViolation(async () => {
    const rows = await db
      .update(patients)
      .set({ ...values, updatedAt: now })
      .where(and(eq(patients.id, id), isNull(patients.archivedAt), patientFilter(scope)))
      .returning({ id: patients.id });
    return rows.length === 1;
  }, DUPLICATE_CONSTRAINTS);
}

/** Archives a live patient inside the scope (nothing deleted, DESIGN §4); false when it already was. */
export async function archivePatientRow(db: Database, scope: PatientScope, id: string, by: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(patients)
    .set({ archivedAt: now, archivedBy: by, updatedAt: now })
    .where(and(eq(patients.id, id), isNull(patients.archivedAt), patientFilter(scope)))
    .returning({ id: patients.id });
  return rows.length === 1;
}
