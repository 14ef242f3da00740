import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers.ts';

// A declared response schema documents an answer, it never changes it: production serializes as
// Fastify does without a schema (no field stripped, no 500 for a value the schema did not foresee),
// and the API tests report the mismatch instead (plugins/openapi.ts).

const declared = z.object({ success: z.boolean(), data: z.object({ name: z.string() }) });
const sent = { success: true, data: { name: 42, extra: 'gardé' }, beside: 'gardé aussi' };

function probe(app: FastifyInstance) {
  app.get('/api/test-probe/answer', { config: { access: 'open' }, schema: { response: { 200: declared } } }, async () => sent);
  // Valid, but with a field the document does not name.
  app.get('/api/test-probe/extra', { config: { access: 'open' }, schema: { response: { 200: declared } } }, async () => ({ success: true, data: { name: 'ok', extra: 1 } }));
}

const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) {
    t.app.responseMismatches.length = 0; // reported by the test below, not by close()
    await t.close();
  }
});

describe('an answer that does not match its declared schema', () => {
  it('goes out unchanged in production', async () => {
    const t = await createTestApp({ routes: probe, checkResponses: false });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/test-probe/answer' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(sent);
    expect(t.app.responseMismatches).toEqual([]);
  });

  it('goes out unchanged in the API tests too, which report the mismatch and the undeclared fields', async () => {
    const t = await createTestApp({ routes: probe });
    apps.push(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/test-probe/answer' });
    expect(res.json()).toEqual(sent);
    expect(t.app.responseMismatches).toEqual([expect.stringContaining('GET /api/test-probe/answer 200: data.name')]);

    t.app.responseMismatches.length = 0;
    const extra = await t.app.inject({ method: 'GET', url: '/api/test-probe/extra' });
    expect(extra.json()).toEqual({ success: true, data: { name: 'ok', extra: 1 } });
    expect(t.app.responseMismatches).toEqual(['GET /api/test-probe/extra 200: champs non déclarés .data.extra']);
  });
});
