import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm';

// Drizzle maps every row of a select through `mapResultRow` (drizzle-orm/utils.js), which works out
// again for each value of each row which kind of field it reads (`is()`: instanceof, then a walk up
// the prototype chain, through a Proxy for the columns of a CTE) and which table a left join's
// column belongs to. On the patient list (26 rows of 10 values) that was 15 % of the server's CPU
// (perf, 28 Nov 2026, docs/scaling.md). A prepared statement's fields never change: this works it
// out once per statement and answers the same objects, value for value, null joins included.

interface Field {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

interface CompiledColumn {
  parents: string[];
  leaf: string;
  decoder: Decoder;
  /** A left-joined table's column (mapResultRow's nullify rule): its table name; null otherwise. */
  joinedTable: string | null;
}

/** The field's decoder, as mapResultRow picks it (`decoder` is internal to Drizzle's SQL). */
function decoderOf(field: unknown): Decoder {
  const decoding = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoding(field);
  if (is(field, Subquery)) return decoding(field._.sql);
  return decoding((field as SQL.Aliased).sql);
}

/**
 * The row mapper of a select's fields (Drizzle's `orderSelectedFields` order) and left joins,
 * equivalent to `rows.map((row) => mapResultRow(fields, row, joinsNotNullableMap))`.
 */
export function compileRowMapper(fields: Field[], joinsNotNullableMap?: Record<string, boolean>) {
  const columns: CompiledColumn[] = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    leaf: path[path.length - 1],
    decoder: decoderOf(field),
    joinedTable: joinsNotNullableMap && is(field, Column) && path.length === 2 ? getTableName(field.table) : null,
  }));
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    const nullify: Record<string, string | false> = {};
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i];
      let node = result;
      for (const parent of column.parents) {
        if (!(parent in node)) node[parent] = {};
        node = node[parent] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = (node[column.leaf] = raw === null ? null : column.decoder.mapFromDriverValue(raw));
      const table = column.joinedTable;
      if (table === null) continue;
      const object = column.parents[0];
      if (!(object in nullify)) nullify[object] = value === null ? table : false;
      else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
    }
    if (joinsNotNullableMap) {
      for (const object in nullify) {
        const table = nullify[object];
        if (typeof table === 'string' && !joinsNotNullableMap[table]) result[object] = null;
      }
    }
    return result;
  };
  return (rows: unknown[][]) => rows.map(mapRow);
}

/** What a prepared select of node-postgres holds (drizzle-orm/node-postgres/session.js). */
interface PreparedSelect {
  fields?: Field[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Gives a prepared Drizzle select its compiled row mapper (compileRowMapper). Drizzle calls a
 * prepared query's `customResultMapper` with node-postgres' rows (array mode) instead of mapping
 * each row itself; a statement without fields (raw SQL) or with its own mapper is left as it is.
 */
export function mapRowsOnce<T>(statement: T): T {
  const s = statement as PreparedSelect;
  if (Array.isArray(s.fields) && s.customResultMapper === undefined) s.customResultMapper = compileRowMapper(s.fields, s.joinsNotNullableMap);
  return statement;
}
