import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { ZodError } from 'zod';
import { AppError } from '../lib/errors.ts';

export function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: unknown) {
  return reply.status(status).send({ success: false, error: { code, message, ...(details ? { details } : {}) } });
}

function firstIssueMessage(issues: readonly { message: string; path?: readonly PropertyKey[] }[]): string {
  const issue = issues[0];
  // zod's own English messages are not shown; our schemas carry French messages where users see them.
  if (!issue || /^(Invalid|Expected|Required|Unrecognized|Too )/i.test(issue.message)) return ERROR_MESSAGES.badRequest;
  return issue.message;
}

// One error shape for every failure (DESIGN §3): French message, never a stack trace.
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return sendError(reply, err.statusCode, err.code, err.message, err.details);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = err.validation.map((v) => ({ message: v.message ?? '', path: v.instancePath.split('/').filter(Boolean) }));
      const unknownAction = err.validation.some((v) => v.instancePath === '/action' || v.params?.discriminator === 'action' || (v.instancePath === '' && /action/i.test(v.message ?? '')));
      if (unknownAction) return sendError(reply, 400, 'unknown_action', ERROR_MESSAGES.unknownAction);
      return sendError(reply, 400, 'validation', firstIssueMessage(issues), issues);
    }
    if (err instanceof ZodError) {
      return sendError(reply, 400, 'validation', firstIssueMessage(err.issues), err.issues.map((i) => ({ message: i.message, path: i.path })));
    }
    const fe = err as FastifyError;
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (fe.statusCode === 400 && err instanceof SyntaxError)) {
      return sendError(reply, 400, 'malformed_json', ERROR_MESSAGES.malformedJson);
    }
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.code === 'FST_REQ_FILE_TOO_LARGE' || fe.statusCode === 413) {
      return sendError(reply, 413, 'payload_too_large', ERROR_MESSAGES.payloadTooLarge);
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return sendError(reply, 415, 'unsupported_media_type', 'Type de contenu non pris en charge.');
    }
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      return sendError(reply, fe.statusCode, 'bad_request', ERROR_MESSAGES.badRequest);
    }
    request.log.error({ err }, 'erreur interne');
    return sendError(reply, 500, 'internal', ERROR_MESSAGES.internal);
  });
}
