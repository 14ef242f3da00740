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

function conditions(f: JournalScope): SQL | undefined {
  const c: SQL[] = [];
  // An organisation's journal: what its users did, and what anyone did to its patients (a refused
  // attempt from another organisation on one of its files included).
  const journal = orgFilter(f.scope, auditEvents.organizationId);
  if (journal) c.push(or(journal, orgFilter(f.scope, patients.organizationId))!);
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
 * One page of the journal, its `nextCursor` and the number of matching rows exact up to COUNT_CAP:
 * a cursor reads the rows after it through the index (no OFFSET), the count stops at the cap (the
 * journal is the table that grows fastest: every read of patient data adds a row).
 */
export async function pageJournal(db: Database, f: JournalScope, page: { offset: number; limit: number; cursor?: string }) {
  const where = conditions(f);
  const after = page.cursor ? keysetAfter(journalOrder, decodeCursor(JOURNAL_CURSOR_TAG, page.cursor)) : undefined;
  const capped = db.select({ one: sql`1` }).from(auditEvents).leftJoin(users, userJoin(f)).leftJoin(patients, patientJoin(f)).where(where).limit(COUNT_CAP + 1);
  const [found, [{ n }]] = await Promise.all([
    db
      .select({ ...selection, sortKey: keysetKey(auditEvents.at) })
      .from(auditEvents)
      .leftJoin(users, userJoin(f))
      .leftJoin(patients, patientJoin(f))
      .where(and(where, after))
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(page.limit + 1)
      .offset(after ? 0 : boundedOffset(page.offset)),
    db.select({ n: count() }).from(capped.as('capped')),
  ]);
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
