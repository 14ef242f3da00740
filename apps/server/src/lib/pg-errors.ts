// PostgreSQL errors as values, for repositories only: a service never sees a driver error, it sees
// the repository's answer (a duplicate, a conflict) and words it for the user.

/** The constraint of a unique violation (23505), whether Drizzle wrapped the driver error or not. */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
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
