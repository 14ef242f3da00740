import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers.ts';

describe('security headers (helmet built once)', () => {
  it('sets them on an answer', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { scriptSrc: ["'self'"] } } });
    app.get('/x', async () => 'ok');
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });

  it('fails the request rather than answer without them when helmet cannot make one', async () => {
    const app = Fastify();
    // A CSP source computed per request that helmet refuses (a hash without its quotes).
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => 'sha256-unquoted'] } } });
    app.get('/x', async () => 'ok');
    const res = await app.inject({ url: '/x' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toBe('ok');
    await app.close();
  });
});
