import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { badRequest } from '../lib/errors.ts';

/** Whether a parsed body or query holds a NUL character in any string, key or value. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

// PostgreSQL stores no NUL character in text: a string holding one reached the database and came
// back as a 500. It is bad input (DESIGN §3: 400 with a French message), refused before any route.
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // The path's parameters too (`/api/patients/a%00b/…` reached the journal's text column).
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) throw badRequest(ERROR_MESSAGES.badRequest, 'validation');
  });
}
