// Which requests leave a line in the log. Logging every request at `info` (Fastify's two lines per
// request) cost about 5 % of a list request's CPU: an operator needs the failures, the slow requests
// and a sample of the traffic, not every line (LOG_SLOW_MS, LOG_SAMPLE_RATE).

export interface RequestLogPolicy {
  /** A request answered in this many milliseconds or more is logged as slow. */
  slowMs: number;
  /** The share of the other requests logged (0 = none, 1 = every one). */
  sampleRate: number;
}

/** Why a request is logged, which is also its level: a failure, a slow answer, or the sample. */
export type RequestLogReason = 'error' | 'slow' | 'sampled';

/**
 * The decision for one answered request. `draw` is a number in [0, 1) (Math.random in the server),
 * asked for only when the request is neither a failure nor slow: the sample is independent of them.
 */
export function requestLogReason(statusCode: number, elapsedMs: number, policy: RequestLogPolicy, draw: () => number): RequestLogReason | null {
  if (statusCode >= 500) return 'error';
  if (elapsedMs >= policy.slowMs) return 'slow';
  if (policy.sampleRate > 0 && draw() < policy.sampleRate) return 'sampled';
  return null;
}
