import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { requestLogReason, type RequestLogPolicy, type RequestLogReason } from '../lib/request-log.ts';
import { loggableError } from './error-handler.ts';

const LINE: Record<RequestLogReason, { level: 'error' | 'warn' | 'info'; message: string }> = {
  error: { level: 'error', message: 'requête en échec' },
  slow: { level: 'warn', message: 'requête lente' },
  sampled: { level: 'info', message: 'requête' },
};

const verbose = (request: FastifyRequest) => request.log.level === 'debug' || request.log.level === 'trace';

/**
 * Fastify's per-request lines, replaced: when a request is answered, one line for the requests
 * lib/request-log.ts picks (failures at `error`, slow answers at `warn`, the sample at `info`); the
 * others, and each arrival, only at `debug`. The request is written through the logger's `req`
 * serializer (method, path without the query string, address) and an error as the error handler
 * words it: never a body, a token or a value. Fastify's other lines (its own error handling, a
 * stream failing mid-answer) stay as they are.
 */
export class RequestLogController extends LogController {
  constructor(private readonly policy: RequestLogPolicy) {
    super();
  }

  // At `debug` every request is logged, on arrival (a request that hangs shows) and when answered.
  override incomingRequest(request: FastifyRequest) {
    if (verbose(request)) request.log.debug({ req: request }, 'requête reçue');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const reason = error ? 'error' : requestLogReason(reply.statusCode, reply.elapsedTime, this.policy, Math.random);
    if (!reason && !verbose(request)) return;
    const { level, message } = reason ? LINE[reason] : { level: 'debug' as const, message: 'requête' };
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    request.log[level]({ req: request, res: { statusCode: reply.statusCode }, responseTime, ...(error ? { err: loggableError(error) } : {}) }, message);
  }
}
