import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.ts';
import { mixedOf, validOf, type JsonSchema } from './schema-arbitrary.ts';

// The walk over the server's own OpenAPI document shared by the fuzz test (generated inputs, no
// 5xx) and the answer test (one valid call per operation, its answer checked against its schema):
// a new route is walked without being listed.

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  security?: Record<string, string[]>[];
}
export interface Call {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body?: unknown;
}
export interface WalkedOperation {
  key: string;
  path: string;
  method: (typeof METHODS)[number];
  op: Operation;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

/** The document as a signed-in DE reads it (the only role /api/docs answers). */
export async function openApiDocument(t: TestApp, deAuth: Record<string, string>): Promise<OpenApiDocument> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: deAuth });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json: HTTP ${res.statusCode}`);
  return res.json() as OpenApiDocument;
}

/** Every operation of the document, in a stable order. */
export function operationsOf(doc: OpenApiDocument): WalkedOperation[] {
  return Object.entries(doc.paths)
    .flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, path, method: m, op: item[m]! })))
    .sort((a, b) => a.key.localeCompare(b.key));
}

export function hash(text: string): number {
  let h = 2_166_136_261;
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16_777_619);
  return h >>> 0;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v));

function objectSchema(params: Parameter[]): JsonSchema {
  return { type: 'object', properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? { type: 'string' }])), required: params.filter((p) => p.required).map((p) => p.name) };
}

/**
 * The inputs of one operation: path parameters, query string and JSON body. `mixed` mixes valid and
 * invalid values (the fuzz test: half valid as far as the schema says, so that calls reach the
 * services); otherwise every part is valid.
 */
export function callsOf(op: Operation, mixed = true): fc.Arbitrary<Call> {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const part = (s: JsonSchema) => (mixed ? fc.oneof(validOf(s), mixedOf(s)) : validOf(s));
  // A path parameter is always present (it is part of the URL), valid or not.
  const pathOf = (s: JsonSchema) => (mixed ? mixedOf(s) : validOf(s));
  const path = pathParams.length ? fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathOf(p.schema ?? { type: 'string' })]))) : fc.constant({});
  const query = queryParams.length ? part(objectSchema(queryParams)) : fc.constant({});
  const json = op.requestBody?.content?.['application/json']?.schema;
  const body = json ? part(json) : fc.constant(undefined);
  return fc.record({ path, query, body }).map((c) => ({ path: c.path as Record<string, unknown>, query: (c.query ?? {}) as Record<string, unknown>, body: c.body }));
}

export function urlOf(template: string, call: Call): string {
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(asText(call.path[name] ?? '')) || 'x');
  const query = new URLSearchParams();
  if (call.query && typeof call.query === 'object') {
    for (const [k, v] of Object.entries(call.query)) if (v !== undefined) query.append(k, asText(v));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

let sent = 0;

/** One call, refused as a hang after `hangMs`. */
export async function send(t: TestApp, headers: Record<string, string>, method: string, url: string, body: unknown, hangMs: number): Promise<LightMyRequestResponse> {
  // Sign-in attempts with made-up credentials come from addresses of their own (TEST-NET-2), so
  // the sign-in throttling they trigger never locks out the test's own re-sign-in.
  sent++;
  const request = t.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    remoteAddress: `198.51.100.${(sent % 250) + 1}`,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${hangMs / 1000} s`)), hangMs);
  });
  try {
    return await Promise.race([request, hang]);
  } finally {
    clearTimeout(timer);
  }
}
