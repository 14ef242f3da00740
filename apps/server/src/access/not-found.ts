import { notFound } from '../lib/errors.ts';

/**
 * A record outside the caller's reach answers exactly like a record that does not exist: 404 with
 * the area's message, never 403 (which would confirm the id) and never a name (DESIGN §3).
 */
export function hidden(message: string, code = 'not_found') {
  return notFound(message, code);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a path can name a row at all (anything else is simply not found). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
