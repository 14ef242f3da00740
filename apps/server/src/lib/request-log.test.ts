import { describe, expect, it } from 'vitest';
import { requestLogReason, type RequestLogPolicy } from './request-log.ts';

// Which requests the server logs (LOG_SLOW_MS, LOG_SAMPLE_RATE): the decision alone, with the
// answer time and the sample's draw given, so nothing here depends on a clock or on chance.
const policy: RequestLogPolicy = { slowMs: 1000, sampleRate: 0.01 };
const never = () => 0.999_999;
const always = () => 0;

describe('request log decision', () => {
  it('logs every failure of the server, however fast and whatever the sample', () => {
    for (const status of [500, 502, 503]) {
      expect(requestLogReason(status, 2, { slowMs: 1000, sampleRate: 0 }, never)).toBe('error');
    }
  });

  it('logs a request answered at or over the threshold as slow', () => {
    expect(requestLogReason(200, 1000, policy, never)).toBe('slow');
    expect(requestLogReason(404, 4_500, policy, never)).toBe('slow');
    expect(requestLogReason(200, 999.9, policy, never)).toBeNull();
  });

  it('logs the share of the other requests the sample rate asks for', () => {
    // Draws spread evenly over [0, 1): a rate of 0.01 logs 1 request in 100.
    const draws = Array.from({ length: 10_000 }, (_, i) => i / 10_000);
    const logged = draws.filter((d) => requestLogReason(200, 3, policy, () => d) === 'sampled');
    expect(logged).toHaveLength(100);
    expect(requestLogReason(401, 3, policy, always)).toBe('sampled');
  });

  it('logs none of them at a rate of 0 and every one at 1', () => {
    const draw = () => {
      throw new Error('no draw at a rate of 0');
    };
    expect(requestLogReason(200, 3, { slowMs: 1000, sampleRate: 0 }, draw)).toBeNull();
    expect(requestLogReason(200, 3, { slowMs: 1000, sampleRate: 1 }, () => 0.999_999)).toBe('sampled');
  });

  it('at a threshold of 0, logs every request as slow', () => {
    expect(requestLogReason(200, 0, { slowMs: 0, sampleRate: 0 }, never)).toBe('slow');
  });
});
