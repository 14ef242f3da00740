import { parseSync } from 'libpg-query';

// How the scope test (scope.test.ts) reads a statement: PostgreSQL's own parse tree (libpg-query),
// never a regular expression over SQL text.
//
// A statement is checked level by level: each SELECT level (a query, a subquery, a CTE, a lateral
// join, one side of a UNION) that reads an organisation-owned table in its own FROM must either
// bind one of the caller's keys (B's organisation id: OrgScope and patientFilter always bind it;
// or the caller's own user id) in a parameter of that level, or be correlated to an outer level (a
// child read by its parent's row, `where l.program_id = sp.id`), whose own scope then applies. So a
// dropped orgWhere in one subquery of a large aggregate is caught even when the statement binds the
// organisation elsewhere. And every statement (INSERT, UPDATE, DELETE too) binds a key somewhere.

type Node = Record<string, unknown>;

const isNode = (x: unknown): x is Node => !!x && typeof x === 'object' && !Array.isArray(x);

function each(node: unknown, visit: (key: string, value: unknown, parent: Node) => void): void {
  if (Array.isArray(node)) return node.forEach((n) => each(n, visit));
  if (!isNode(node)) return;
  for (const [key, value] of Object.entries(node)) {
    visit(key, value, node);
    each(value, visit);
  }
}

const aliasOf = (n: Node) => (isNode(n.alias) ? String(n.alias.aliasname) : undefined);

/** The tables a FROM list reads directly (through joins, not through subqueries). */
function directTables(from: unknown, into: string[] = []): string[] {
  if (Array.isArray(from)) from.forEach((f) => directTables(f, into));
  else if (isNode(from)) {
    if (isNode(from.RangeVar)) into.push(String(from.RangeVar.relname));
    if (isNode(from.JoinExpr)) directTables([from.JoinExpr.larg, from.JoinExpr.rarg], into);
  }
  return into;
}

/** The names a level's subtree defines (tables, aliases, subqueries, functions): a qualifier outside them is an outer reference. */
function localNames(level: Node): Set<string> {
  const names = new Set<string>();
  each(level, (key, value) => {
    if (!isNode(value)) return;
    if (key === 'RangeVar' || key === 'relation') {
      names.add(String(value.relname));
      const alias = aliasOf(value);
      if (alias) names.add(alias);
    }
    if (key === 'RangeSubselect' || key === 'RangeFunction') {
      const alias = aliasOf(value);
      if (alias) names.add(alias);
    }
  });
  return names;
}

function bindsKey(subtree: unknown, values: unknown[], keys: string[]): boolean {
  let found = false;
  each(subtree, (key, value) => {
    if (key !== 'ParamRef' || !isNode(value)) return;
    const bound = values[Number(value.number) - 1];
    if (keys.some((k) => bound === k || (Array.isArray(bound) && bound.includes(k)))) found = true;
  });
  return found;
}

function correlated(level: Node): boolean {
  const local = localNames(level);
  let outer = false;
  each(level, (key, value) => {
    if (key !== 'ColumnRef' || !isNode(value) || !Array.isArray(value.fields) || value.fields.length < 2) return;
    const first = value.fields[0] as Node;
    const qualifier = isNode(first.String) ? String(first.String.sval) : undefined;
    if (qualifier && !local.has(qualifier)) outer = true;
  });
  return outer;
}

export interface Verdict {
  /** The organisation-owned tables the statement names. */
  named: string[];
  /** Those read at a level that binds none of the caller's keys and is not correlated. */
  unscoped: string[];
}

export function analyse(text: string, values: unknown[], owned: (table: string) => boolean, keys: string[]): Verdict {
  const tree = parseSync(text);
  const named = new Set<string>();
  each(tree, (key, value) => {
    // A table read (RangeVar) or written (the `relation` of an INSERT, UPDATE or DELETE).
    if ((key === 'RangeVar' || key === 'relation') && isNode(value) && owned(String(value.relname))) named.add(String(value.relname));
  });
  const unscoped = new Set<string>();
  // The whole statement binds a key somewhere (the rule for INSERT, UPDATE and DELETE too).
  if (named.size && !bindsKey(tree, values, keys)) named.forEach((t) => unscoped.add(t));
  // Each SELECT level: a node with its own FROM list (a query, a subquery, a CTE, a UNION side).
  each(tree, (key, value, level) => {
    if (key !== 'fromClause' || !Array.isArray(value)) return;
    const tables = directTables(value).filter(owned);
    if (tables.length && !bindsKey(level, values, keys) && !correlated(level)) tables.forEach((t) => unscoped.add(t));
  });
  return { named: [...named], unscoped: [...unscoped] };
}
