import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { fmt } from '@wellbe/shared/schemas/fields';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors.ts';
import { inputFaultOf } from '../lib/pg-errors.ts';

export function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).send({ success: false, error: { code, message, ...(details ? { details } : {}) } });
}

// zod's own (English) messages are never shown: our schemas carry French messages where users see
// them, and the other issues get a French message by their kind (DESIGN §3: French, every answer).
const ZOD_ENGLISH = /^(Invalid|Expected|Required|Unrecognized|Too )/i;
const ISSUE_MESSAGES: Record<string, string> = {
  invalid_type: 'Champ manquant ou de type invalide.',
  too_small: 'Valeur trop courte ou trop petite.',
  too_big: 'Valeur trop longue ou trop grande.',
  invalid_format: 'Format invalide.',
  invalid_value: 'Valeur non autorisée.',
  unrecognized_keys: 'Champ non reconnu.',
};

interface Issue {
  message: string;
  code?: string;
  path: readonly PropertyKey[];
  origin?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}

/**
 * A value past its limit says the limit (a field without a message of its own would otherwise read
 * only "too long"): 'Texte trop long : 200 caractères au plus.'
 */
function limitMessage(issue: Issue): string | null {
  const limit = issue.code === 'too_big' ? issue.maximum : issue.code === 'too_small' ? issue.minimum : undefined;
  if (limit === undefined) return null;
  const n = fmt(Number(limit));
  const big = issue.code === 'too_big';
  if (issue.origin === 'string') return big ? `Texte trop long : ${n} caractères au plus.` : `Texte trop court : ${n} caractères au moins.`;
  if (issue.origin === 'array' || issue.origin === 'set') return big ? `Trop d’éléments : ${n} au plus.` : `Pas assez d’éléments : ${n} au moins.`;
  return big ? `Valeur trop grande : ${n} au plus.` : `Valeur trop petite : ${n} au moins.`;
}

function frenchIssue(issue: Issue): { message: string; path: PropertyKey[] } {
  const message = ZOD_ENGLISH.test(issue.message) ? (limitMessage(issue) ?? ISSUE_MESSAGES[issue.code ?? ''] ?? 'Valeur invalide.') : issue.message;
  return { message, path: [...issue.path] };
}

function firstIssueMessage(issues: readonly Issue[]): string {
  const issue = issues[0];
  if (!issue) return ERROR_MESSAGES.badRequest;
  if (ZOD_ENGLISH.test(issue.message)) return limitMessage(issue) ?? ERROR_MESSAGES.badRequest;
  return issue.message;
}

/**
 * What a 5xx logs: where and why it failed, never the values (no password, token or
 * clinical text in logs). A failed Drizzle query carries its parameters in its message and the
 * PostgreSQL message may quote a value: both are left out.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  const e = (err ?? {}) as Error & { query?: unknown; params?: unknown; cause?: unknown; code?: unknown };
  const frames = (e.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  const redact = (text: unknown) => (typeof text === 'string' ? text.replace(/"[^"]*"/g, '"…"').slice(0, 300) : undefined);
  if (typeof e.query === 'string' && 'params' in e) {
    const pgError = (e.cause ?? {}) as { code?: string; message?: string; constraint?: string; table?: string; column?: string; routine?: string };
    return {
      type: 'DrizzleQueryError',
      query: e.query.slice(0, 500),
      pgCode: pgError.code,
      pgMessage: redact(pgError.message),
      constraint: pgError.constraint,
      table: pgError.table,
      column: pgError.column,
      stack: frames.join('\n'),
    };
  }
  return { type: e.name ?? typeof err, code: typeof e.code === 'string' ? e.code : undefined, message: redact(e.message), stack: frames.join('\n') };
}

// One error shape for every failure (DESIGN §3): French message, never a stack trace.
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return sendError(reply, err.statusCode, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ ...(v.params as Partial<Issue>), message: v.message ?? '', code: v.keyword, path: v.instancePath.split('/').filter(Boolean) }));
      const unknownAction = err.validation.some((v) => v.instancePath === '/action' || v.params?.discriminator === 'action' || (v.instancePath === '' && /action/i.test(v.message ?? '')));
      if (unknownAction) return sendError(reply, 400, 'unknown_action', ERROR_MESSAGES.unknownAction);
      // A path whose id is not even of the right format names nothing: 404, like an id that exists
      // nowhere (existence stays private; DESIGN §3).
      if (err.validationContext === 'params') return sendError(reply, 404, 'not_found', ERROR_MESSAGES.notFound);
      return sendError(reply, 400, 'validation', firstIssueMessage(issues), issues.map(frenchIssue));
    }
    if (err instanceof ZodError) {
      return sendError(reply, 400, 'validation', firstIssueMessage(err.issues), err.issues.map(frenchIssue));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (fe.statusCode === 400 && err instanceof SyntaxError)) {
      return sendError(reply, 400, 'malformed_json', ERROR_MESSAGES.malformedJson);
    }
    // A JSON body over the limit is no file: saying 'le fichier dépasse… 50 Mo' would mislead.
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, 'payload_too_large', ERROR_MESSAGES.requestTooLarge);
    if (fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.statusCode === 413) {
      return sendError(reply, 413, 'payload_too_large', ERROR_MESSAGES.payloadTooLarge);
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return sendError(reply, 415, 'unsupported_media_type', 'Type de contenu non pris en charge.');
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(reply, fe.statusCode, 'bad_request', ERROR_MESSAGES.badRequest);
    }
    const fault = inputFaultOf(err);
    if (fault) {
      // Still logged: it means a schema let through what its column refuses.
      request.log.warn({ err: loggableError(err) }, 'valeur refusée par la base');
      return sendError(reply, fault.status, fault.code, fault.message);
    }
    request.log.error({ err: loggableError(err) }, 'erreur interne');
    return sendError(reply, 500, 'internal', ERROR_MESSAGES.internal);
  });
}
