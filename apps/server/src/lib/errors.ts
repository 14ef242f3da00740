import { ERROR_MESSAGES } from '@wellbe/shared/errors';

/** An error the client is meant to see: HTTP status, stable code, French message (DESIGN §3). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string = ERROR_MESSAGES.badRequest, code = 'bad_request', details?: unknown) =>
  new AppError(400, code, message, {}, details);
export const unauthorized = (message: string = ERROR_MESSAGES.unauthorized, code = 'unauthorized') =>
  new AppError(401, code, message);
export const forbidden = (message: string = ERROR_MESSAGES.forbidden, code = 'forbidden') => new AppError(403, code, message);
export const notFound = (message: string = ERROR_MESSAGES.notFound, code = 'not_found') => new AppError(404, code, message);
export const conflict = (message: string = ERROR_MESSAGES.conflict, code = 'conflict') => new AppError(409, code, message);
export const tooMany = (retryAfterSeconds: number, message: string = ERROR_MESSAGES.tooManyAttempts) =>
  new AppError(429, 'too_many_attempts', message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The refusal of the access module when a body or query names another user or organisation. */
export const isIdentityMismatch = (err: unknown) => err instanceof AppError && err.code === 'identity_mismatch';
