import { z } from 'zod';

// The shapes of the API's answers (DESIGN §3), declared once for both sides: the server's routes
// declare them as their response schemas (so /api/docs/json describes every answer and the API
// tests check each answer against them), and the web client takes its types from them (`z.infer`).
// They describe what is sent, never reshape it: the server serializes answers as they are.

/**
 * Every failed answer: `{ success: false, error: { code, message, details? } }` (plugins/error-handler.ts).
 * Open to the extra fields some failures carry (a sign-in's second-factor challenge: mfa_token, methods).
 */
export const apiErrorSchema = z
  .looseObject({
    success: z.literal(false),
    error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
  })
  .meta({ description: 'Échec : un code et un message en français.' });
export type ApiErrorAnswer = z.infer<typeof apiErrorSchema>;

// `success` is declared a boolean (always true in a success): the handlers' object literals widen
// `true` to boolean, and the answer types are checked against them.
const success = z.boolean().meta({ description: 'true' });

/** A success that carries nothing: `{ success: true }`. */
export const okSchema = z.object({ success });

/** The usual success: `{ success: true, data }`. */
export function dataAnswer<T extends z.ZodType>(data: T) {
  return z.object({ success, data });
}

/** A keyset page (README "How a list is paginated"): the rows, the capped total and the next cursor. */
export function pageAnswer<T extends z.ZodType>(item: T) {
  return z.object({
    success,
    data: z.array(item),
    /** Exact up to 1,000 matches; beyond, 1000 with `totalCapped` (shown "plus de 1 000"). */
    // Numbers, not bounded integers: fields.test.ts bounds the integers a client sends, not these.
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** The next page's cursor (keyset paging, `cursor=`), null on the last page. */
    nextCursor: z.string().nullable(),
    totalCapped: z.boolean(),
  });
}

/**
 * An instant: a Date on the server, its ISO string in JSON (what the client reads). The web
 * client types answers with `Answer<typeof schema>` (the JSON side), the server's handlers return
 * Dates.
 */
export const instant = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
/** What a client receives for an answer schema (instants as ISO strings). */
export type Answer<S extends z.ZodType> = z.input<S>;
/** A uuid as the server sends it (no format check: the answer is what the database holds). */
export const idString = z.string();

/** Reference labels in the four languages, as stored. */
export const labelsAnswer = z.record(z.string(), z.string());

// Health (no area of its own): liveness, readiness, the public facts the web app reads first.
export const healthAnswer = z.object({ status: z.literal('ok') });
export const readyAnswer = z.object({ status: z.literal('ok'), checks: z.object({ database: z.boolean(), migrations: z.boolean(), storage: z.boolean() }) });
export const metaAnswer = z.object({ success, demo: z.boolean() });

/** An answer without a body (204). */
export const noContent = z.undefined().meta({ description: 'Aucun contenu' });

/** A file sent as is (CSV, PDF, image…): its bytes, of one of the given media types. */
export function fileAnswer(description: string, ...types: string[]) {
  // Any: a handler sends a stream, a buffer or a string; the bytes are not JSON.
  const schema = z.any().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries((types.length ? types : ['application/octet-stream']).map((type) => [type, { schema }])) };
}

/** A CSV export (BOM, semicolons, CRLF: lib/csv.ts). */
export const csvAnswer = fileAnswer('Export CSV (UTF-8 avec BOM, séparateur point-virgule)', 'text/csv');

