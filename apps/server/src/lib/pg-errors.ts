// PostgreSQL errors as values. Repositories map the conflicts they expect (a duplicate) to values a
// service words for the user; the error handler maps what is left that the input caused
// (`inputFaultOf`) to a French 4xx.

/** The PostgreSQL error inside whatever wrapped it (Drizzle's query error keeps it as `cause`). */
function pgErrorOf(err: unknown): { code: string; detail?: string; constraint?: string } | null {
  for (let e = err as { code?: unknown; detail?: string; constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, detail: e.detail, constraint: e.constraint };
  }
  return null;
}

/** The constraint of a unique violation (23505), whether Drizzle wrapped the driver error or not. */
export function uniqueViolation(err: unknown): string | null {
  const pg = pgErrorOf(err);
  return pg?.code === '23505' ? (pg.constraint ?? '') : null;
}

/**
 * Runs an insert or update and maps a unique violation on one of `constraints` to its value:
 * `{ ok: true, value }` or `{ ok: false, conflict }`. Any other error propagates.
 */
export async function mapUniqueViolation<T, K extends string>(
  run: () => Promise<T>,
  constraints: Record<string, K>,
): Promise<{ ok: true; value: T } | { ok: false; conflict: K }> {
  try {
    return { ok: true, value: await run() };
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint !== null && Object.hasOwn(constraints, constraint)) return { ok: false, conflict: constraints[constraint] };
    throw err;
  }
}

export interface InputFault {
  status: 400 | 404 | 409;
  code: string;
  message: string;
}

/**
 * A database error that the request's input caused, as the French 4xx it deserves (never a 500):
 * a value PostgreSQL cannot read in its column's type (22P02 "abc" for a uuid), out of its range
 * (22003 2^31 for an integer), too long (22001), a character no text may hold (22021, the NUL
 * byte), a row pointing at nothing (23503), a value a constraint refuses (23502, 23514), a
 * duplicate (23505). The schemas refuse these inputs at the edge first; this is the net under them
 * for a rule one schema forgot. Answers null for errors the input did not cause (connection lost,
 * deadlock, a bug), which stay 500.
 */
export function inputFaultOf(err: unknown): InputFault | null {
  const pg = pgErrorOf(err);
  if (!pg) return null;
  switch (pg.code) {
    case '22001':
      return { status: 400, code: 'value_too_long', message: 'Une valeur dépasse la longueur autorisée.' };
    case '22003':
      return { status: 400, code: 'value_out_of_range', message: 'Une valeur numérique est hors des limites autorisées.' };
    case '22021':
      return { status: 400, code: 'invalid_character', message: 'Le texte contient un caractère non autorisé.' };
    case '23503':
      // "is still referenced": a row others point at cannot go; otherwise the input names a row that is not there.
      return /still referenced/.test(pg.detail ?? '')
        ? { status: 409, code: 'conflict', message: 'Cet élément est encore utilisé ailleurs et ne peut pas être retiré.' }
        : { status: 404, code: 'reference_not_found', message: 'Un élément référencé est introuvable.' };
    case '23505':
      return { status: 409, code: 'conflict', message: 'Cet élément existe déjà.' };
    case '23502':
    case '23514':
      return { status: 400, code: 'validation', message: 'Une valeur obligatoire manque ou n’est pas autorisée.' };
  }
  // Any other data exception (class 22: invalid text representation 22P02, datetime 22007/22008,
  // invalid parameter 22023, regular expression 2201B…) is a value the input carried.
  if (pg.code.startsWith('22')) return { status: 400, code: 'invalid_value', message: 'Une valeur envoyée n’a pas un format valide.' };
  return null;
}
