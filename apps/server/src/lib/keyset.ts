import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { isIsoDay, PG_INT_MAX } from '@wellbe/shared/schemas/fields';
import { isUuid } from '../access/not-found.ts';
import { badRequest } from './errors.ts';

// Keyset ("cursor") paging and capped counts: what every list of the app uses, so that a page costs
// the same at 1,000 or 100,000 rows. A list orders by (sort column, id); its page answers
// `nextCursor`, an opaque string naming the last row's sort value (as PostgreSQL prints it, no
// precision lost) and id; the next request sends `cursor=<nextCursor>` and reads the rows after it
// through the same index, never skipping rows with OFFSET. Its total is exact up to a cap
// (`totalCapped: true` beyond it): counting stops at the cap instead of visiting every match.
// See the README, "How a list is paginated here".

/** Counting stops past this many rows; the answer says "1 000+" (totalCapped). */
export const COUNT_CAP = 1000;

export interface KeysetPosition {
  /** The sort value of the last row of the previous page as text (null: a null value). */
  key: string | null;
  id: string;
}

/** The ordering of a list: its column, direction and where nulls go (PostgreSQL's default: last in asc, first in desc). */
export interface KeysetOrder {
  column: AnyColumn | SQL;
  id: AnyColumn;
  desc: boolean;
  nullsFirst?: boolean;
  /** Whether the column may hold nulls (the condition then handles them). */
  nullable?: boolean;
  /** SQL type the text key is cast back to ('text', 'int', 'date', 'timestamptz'...). */
  type: string;
}

/** The opaque cursor of a row; `tag` names the list and its ordering, so a cursor is not replayed on another. */
export function encodeCursor(tag: string, position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([tag, position.key, position.id]), 'utf8').toString('base64url');
}

const INVALID_CURSOR = 'Curseur de pagination invalide : rechargez la liste.';

function invalidCursor() {
  return badRequest(INVALID_CURSOR, 'invalid_cursor');
}

/** The id column's kind: a uuid (people, records) or a bigint (the journal). */
export type CursorId = 'uuid' | 'bigint';

const ID_FORMATS: Record<CursorId, (id: string) => boolean> = {
  uuid: isUuid,
  bigint: (id) => /^\d{1,18}$/.test(id),
};

const PG_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** Whether a sort key of a cursor reads as its column's type (as PostgreSQL printed it). */
const KEY_FORMATS: Record<string, (key: string) => boolean> = {
  text: () => true,
  int: (key) => /^-?\d{1,10}$/.test(key) && Math.abs(Number(key)) <= PG_INT_MAX,
  date: isIsoDay,
  timestamptz: (key) => {
    const match = PG_TIMESTAMP.exec(key);
    return !!match && isIsoDay(match[1]!);
  },
};

/** What a list's cursor holds: its id column's kind and its sort column's type (KeysetOrder.type). */
export interface CursorFormat {
  id?: CursorId;
  key?: string;
}

/**
 * Reads a cursor sent back by a client; a malformed one, one of another ordering, or one whose id
 * or sort value its column could not hold (a forged cursor must not reach PostgreSQL) answers 400.
 */
export function decodeCursor(tag: string, cursor: string, format: CursorFormat = {}): KeysetPosition {
  const validKey = KEY_FORMATS[format.key ?? 'text'] ?? KEY_FORMATS.text;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      value[0] === tag &&
      (value[1] === null || (typeof value[1] === 'string' && !value[1].includes('\0') && validKey(value[1]))) &&
      typeof value[2] === 'string' &&
      ID_FORMATS[format.id ?? 'uuid'](value[2])
    ) {
      return { key: value[1], id: value[2] };
    }
  } catch {
    /* answered below */
  }
  throw invalidCursor();
}

/** The rows strictly after `position` in the order (sort column, id), nulls where the order puts them. */
export function keysetAfter(order: KeysetOrder, position: KeysetPosition): SQL {
  const { column, id } = order;
  const nullsFirst = order.nullsFirst ?? order.desc;
  const cmp = order.desc ? sql.raw('<') : sql.raw('>');
  if (position.key === null) {
    // Among the nulls: after this id; then, when nulls come first, every non-null row.
    const amongNulls = sql`(${column} is null and ${id} ${cmp} ${position.id})`;
    return nullsFirst ? sql`(${amongNulls} or ${column} is not null)` : amongNulls;
  }
  const value = sql`cast(${position.key} as ${sql.raw(order.type)})`;
  const after = sql`(${column}, ${id}) ${cmp} (${value}, ${position.id})`;
  // Non-null key: the nulls come after it only when they are last.
  return order.nullable && !nullsFirst ? sql`(${after} or ${column} is null)` : after;
}

/** The sort value of a row as PostgreSQL prints it (for the cursor: no precision lost). */
export function keysetKey(column: AnyColumn | SQL): SQL<string | null> {
  return sql<string | null>`${column}::text`;
}

/**
 * The deepest row a page picked by number may start at. OFFSET walks every index entry before the
 * page (at 100,000 rows, 10.6 ms of PostgreSQL CPU for a late page against 1.5 ms by cursor): up to
 * this bound the walk stays under about a millisecond; past it the client pages by cursor (the web
 * does: the page after one it showed is asked for with that page's `nextCursor`, and a capped total
 * offers no page number beyond COUNT_CAP rows).
 */
export const MAX_PAGE_OFFSET = 10_000;

export const PAGE_TOO_DEEP =
  'Page trop lointaine : au-delà de la 10 000e ligne, avancez page après page (curseur « nextCursor » de la page précédente) ou affinez la recherche.';

/** The OFFSET of a page picked by number, refused (400, nothing read) past MAX_PAGE_OFFSET. */
export function boundedOffset(offset: number): number {
  if (offset > MAX_PAGE_OFFSET) throw badRequest(PAGE_TOO_DEEP, 'page_too_deep');
  return offset;
}

/** `count(*)` of a query's rows, stopping at the cap: { total, totalCapped }. */
export function cappedTotal(n: number, cap = COUNT_CAP): { total: number; totalCapped: boolean } {
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * The rows strictly after `position` in an order of several non-null columns then id, all in one
 * direction (the users' list: last name, first name, id). The key is the JSON array of the
 * columns' values as PostgreSQL printed them (`keysetTupleKey`); one row comparison, so an index on
 * the same columns serves it.
 */
export function keysetAfterTuple(columns: SQL[], id: AnyColumn, desc: boolean, position: KeysetPosition, type = 'text'): SQL {
  return tupleAfter(columns, id, desc, keysetTupleValues(position, columns.length), position.id, type);
}

/** The column values of a keysetAfterTuple position, checked (a forged cursor answers 400 in French). */
export function keysetTupleValues(position: KeysetPosition, columns: number): string[] {
  let values: unknown;
  try {
    values = JSON.parse(position.key ?? 'null');
  } catch {
    values = null;
  }
  if (!Array.isArray(values) || values.length !== columns || !values.every((v) => typeof v === 'string' && !v.includes('\0'))) {
    throw invalidCursor();
  }
  return values as string[];
}

/**
 * keysetAfterTuple for a prepared statement: the position's values the placeholders `cursor_0`…
 * and `cursor_id`, bound per call from `keysetTupleParams`.
 */
export function preparedKeysetAfterTuple(columns: SQL[], id: AnyColumn, desc: boolean, type = 'text'): SQL {
  return tupleAfter(columns, id, desc, columns.map((_, i) => sql.placeholder(`cursor_${i}`)), sql.placeholder('cursor_id'), type);
}

/** The values of preparedKeysetAfterTuple's placeholders for a position (checked as keysetAfterTuple does). */
export function keysetTupleParams(position: KeysetPosition, columns: number): Record<string, string> {
  const values = keysetTupleValues(position, columns);
  return { ...Object.fromEntries(values.map((v, i) => [`cursor_${i}`, v])), cursor_id: position.id };
}

function tupleAfter(columns: SQL[], id: AnyColumn, desc: boolean, values: unknown[], positionId: unknown, type: string): SQL {
  const cmp = desc ? sql.raw('<') : sql.raw('>');
  const left = sql.join([...columns, sql`${id}`], sql`, `);
  const right = sql.join([...values.map((v) => sql`cast(${v} as ${sql.raw(type)})`), sql`${positionId}`], sql`, `);
  return sql`(${left}) ${cmp} (${right})`;
}

/** The key of a row for keysetAfterTuple: its columns' values, as text, in one JSON array. */
export function keysetTupleKey(columns: SQL[]): SQL<string> {
  return sql<string>`json_build_array(${sql.join(columns.map((c) => sql`${c}::text`), sql`, `)})::text`;
}

/**
 * The position of a streamed export (records: a patient's file, page after page, oldest first):
 * the sort column as PostgreSQL's own text (a JavaScript Date would round the microseconds away and
 * the same row would come back forever) and the id; null before the first page.
 */
export type ExportCursor = { at: string; id: string } | null;

/** The rows after an export position, ascending on (timestamp column, uuid id). */
export function exportAfter(column: AnyColumn, id: AnyColumn, after: ExportCursor): SQL | undefined {
  return after ? sql`(${column}, ${id}) > (${after.at}::timestamptz, ${after.id}::uuid)` : undefined;
}
