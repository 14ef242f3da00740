import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { JournalEntry, JournalFilters } from '@wellbe/shared/schemas/admin';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';
import { EXPORT_BATCH_ROWS, openCursor } from '../../lib/db-cursor.ts';
import { COUNT_CAP, boundedOffset, cappedTotal, decodeCursor, encodeCursor, keysetAfter, keysetKey, type KeysetOrder } from '../../lib/keyset.ts';
import { auditEvents } from '../../db/schema/audit.ts';
import { patients, users } from '../../access/views.ts';
import { orgFilter, type OrgScope } from '../../access/index.ts';
import { fold } from '@wellbe/shared/domain/text';
import { escapeLike } from '../../lib/text.ts';
import { OUT_OF_SCOPE_LABEL } from '../../access/journal.ts';

export interface JournalScope extends Omit<JournalFilters, 'organizationId'> {
  /** The organisations whose journal is read (every one: SA, DE without a filter). */
  scope: OrgScope;
  /**
   * The organisations whose patient and user names may be joined (the reader's reach): every one for
   * SA and DE. Any other id in a row (a refused attempt on another organisation's patient, a user of
   * another organisation) is shown without a name, whether it exists or not.
   */
  names: OrgScope;
  /** Time zone the calendar days of `from`/`to` are read in (the organisation's setting). */
  timeZone: string;
}

/** The organisation's journal: what its users did, and what anyone did to its patients (a refused attempt from another organisation on one of its files included). */
function journalScope(f: JournalScope): SQL | undefined {
  const journal = orgFilter(f.scope, auditEvents.organizationId);
  return journal && or(journal, orgFilter(f.scope, patients.organizationId))!;
}

/** The filters a reader chose (everything but the organisation). */
function filters(f: JournalScope): SQL[] {
  const c: SQL[] = [];
  if (f.userId) c.push(eq(auditEvents.userId, f.userId));
  if (f.patientId) c.push(eq(auditEvents.patientId, f.patientId));
  if (f.outcome) c.push(eq(auditEvents.outcome, f.outcome));
  if (f.action) c.push(sql`lower(${auditEvents.action}) like ${`%${escapeLike(f.action.toLowerCase())}%`}`);
  if (f.user) {
    const like = `%${escapeLike(f.user.toLowerCase())}%`;
    c.push(sql`(lower(${users.username}) like ${like} or lower(${users.firstName} || ' ' || ${users.lastName}) like ${like} or lower(${users.lastName} || ' ' || ${users.firstName}) like ${like})`);
  }
  // patients.name_key is the folded name (lower case, no accents): 'helene' finds 'Hélène'.
  if (f.patient) c.push(sql`${patients.nameKey} like ${`%${escapeLike(fold(f.patient))}%`}`);
  if (f.from) c.push(sql`${auditEvents.at} >= (${f.from}::date)::timestamp at time zone ${f.timeZone}`);
  if (f.to) c.push(sql`${auditEvents.at} < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})`);
  return c;
}

function conditions(f: JournalScope): SQL | undefined {
  const c = [journalScope(f), ...filters(f)].filter((x): x is SQL => !!x);
  return c.length ? and(...c) : undefined;
}

const selection = {
  id: auditEvents.id,
  at: auditEvents.at,
  userId: auditEvents.userId,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  username: users.username,
  role: auditEvents.role,
  organizationId: auditEvents.organizationId,
  action: auditEvents.action,
  recordType: auditEvents.recordType,
  recordId: auditEvents.recordId,
  patientId: auditEvents.patientId,
  patientName: patients.fullName,
  ip: auditEvents.ip,
  outcome: auditEvents.outcome,
  details: auditEvents.details,
};

// The names a row may show: its user and patient, joined only within the reader's reach.
const userJoin = (f: JournalScope) => and(eq(users.id, auditEvents.userId), orgFilter(f.names, users.organizationId));
const patientJoin = (f: JournalScope) => and(eq(patients.id, auditEvents.patientId), orgFilter(f.names, patients.organizationId));

function base(db: Database, f: JournalScope) {
  return db.select(selection).from(auditEvents).leftJoin(users, userJoin(f)).leftJoin(patients, patientJoin(f));
}

type Row = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

function toEntry(r: Row): JournalEntry {
  const { userFirstName, userLastName, at, ...rest } = r;
  const userKnown = userLastName != null;
  return {
    ...rest,
    at: at.toISOString(),
    userName: r.userId ? (userKnown ? `${userFirstName} ${userLastName}`.trim() : OUT_OF_SCOPE_LABEL) : null,
    patientName: r.patientId ? (r.patientName ?? OUT_OF_SCOPE_LABEL) : null,
  };
}

// Newest first, id as the tie-breaker: the order of the (at, id) and (organisation, at, id)
// indexes, which a cursor reads from its position on (lib/keyset).
const journalOrder: KeysetOrder = { column: auditEvents.at, id: auditEvents.id, desc: true, type: 'timestamptz' };
const JOURNAL_CURSOR_TAG = 'journal:at';

/**
 * The ids of the matching rows, newest first, `limit` at most from each of one or two parts read in
 * index order: an organisation's journal is its own rows (audit_org_at_idx) and the rows about its
 * patients written from outside it (`patient_organization_id`, set by the database on insert,
 * audit_patient_org_at_idx). The parts are disjoint, so neither walks the other organisations' rows
 * (the former `organisation or patient's organisation` condition could only be read by walking the
 * whole journal in date order); the whole journal (SA, DE) is one part (audit_at_idx). A part joins
 * users or patients only for a filter that names them: without one it is read from its index alone.
 */
function parts(db: Database, f: JournalScope, after: SQL | undefined, limit: number, ordered: boolean): SQL {
  const own = orgFilter(f.scope, auditEvents.organizationId);
  const scopes = own ? [own, orgFilter(f.scope, auditEvents.patientOrganizationId)] : [undefined];
  const read = scopes.map((scope) => {
    let part = db.select({ id: auditEvents.id, at: auditEvents.at }).from(auditEvents).$dynamic();
    if (f.user) part = part.leftJoin(users, userJoin(f));
    if (f.patient) part = part.leftJoin(patients, patientJoin(f));
    part = part.where(and(scope, ...filters(f), after));
    return sql`(${(ordered ? part.orderBy(desc(auditEvents.at), desc(auditEvents.id)) : part).limit(limit)})`;
  });
  return sql.join(read, sql` union all `);
}

/**
 * One page of the journal, its `nextCursor` and the number of matching rows exact up to COUNT_CAP:
 * a cursor reads the rows after it through the index; a page by number skips its rows in the index
 * alone (parts, above), then only the page's rows are read with their names. The count stops at the
 * cap (the journal is the table that grows fastest: every read of patient data adds a row).
 */
export async function pageJournal(db: Database, f: JournalScope, page: { offset: number; limit: number; cursor?: string }) {
  const after = page.cursor ? keysetAfter(journalOrder, decodeCursor(JOURNAL_CURSOR_TAG, page.cursor, { id: 'bigint', key: journalOrder.type })) : undefined;
  const offset = after ? 0 : boundedOffset(page.offset);
  const ids = sql`select part.id from (${parts(db, f, after, offset + page.limit + 1, true)}) part
    order by part.at desc, part.id desc limit ${page.limit + 1} offset ${offset}`;
  const capped = sql`select 1 from (${parts(db, f, undefined, COUNT_CAP + 1, false)}) part limit ${COUNT_CAP + 1}`;
  const [found, counted] = await Promise.all([
    db
      .select({ ...selection, sortKey: keysetKey(auditEvents.at) })
      .from(auditEvents)
      .leftJoin(users, userJoin(f))
      .leftJoin(patients, patientJoin(f))
      // The page's rows still meet every condition (the scope included) where they are read.
      .where(and(sql`${auditEvents.id} in (${ids})`, conditions(f)))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id)),
    db.select({ n: count() }).from(sql`(${capped}) capped`),
  ]);
  const [{ n }] = counted;
  const more = found.length > page.limit;
  const rows = more ? found.slice(0, page.limit) : found;
  const last = rows[rows.length - 1];
  return {
    data: rows.map(({ sortKey: _, ...r }) => toEntry(r)),
    ...cappedTotal(n),
    nextCursor: more && last ? encodeCursor(JOURNAL_CURSOR_TAG, { key: last.sortKey, id: String(last.id) }) : null,
  };
}

/**
 * The journal export (at most `limit` rows, newest first) read through a cursor (lib/db-cursor):
 * its entries come batch by batch, the count first, from one snapshot.
 */
export async function openJournalCursor(db: Database, pool: pg.Pool, f: JournalScope, limit: number) {
  const query = base(db, f).where(conditions(f)).orderBy(desc(auditEvents.at), desc(auditEvents.id)).limit(limit);
  const read = await openCursor<Row>(pool, query, Object.keys(selection), EXPORT_BATCH_ROWS);
  async function* entries() {
    // int8 comes as a string from the cursor; the entry's id is a number as on the page.
    for await (const batch of read.batches) yield batch.map((r) => toEntry({ ...r, id: Number(r.id) }));
  }
  return { total: read.total, batches: entries(), close: read.close };
}
